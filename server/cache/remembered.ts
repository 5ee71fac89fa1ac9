/**
 * `fn` with its answers remembered by argument: for values a request carries over and over (a Host
 * header, an Accept-Encoding, a page's path) whose answer never changes. At most `max` answers are
 * kept; when full the memory is emptied and filled again, so however many distinct values strangers
 * send, it stays bounded and the common ones come back at once.
 */
export function remembered<T>(fn: (key: string) => T, max: number): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    let answer = known.get(key);
    if (answer === undefined && !known.has(key)) {
      answer = fn(key);
      if (known.size >= max) known.clear();
      known.set(key, answer);
    }
    return answer as T;
  };
}
