import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { matchesTag, preferredEncoding, ResponseCache } from './response-cache';

const answer = (text: string) => ({ headers: { 'content-type': 'text/plain' }, body: Buffer.from(text) });
const cache = (options: Partial<ConstructorParameters<typeof ResponseCache>[0]> = {}) =>
  new ResponseCache({ maxAgeMs: 60_000, maxEntries: 100, maxBytes: 1_000_000, ...options });

describe('ResponseCache', () => {
  it('serves an answer only under the version it was made from', () => {
    const answers = cache();
    answers.set('a', 7, answer('seven'));
    expect(answers.get('a', 7)?.body.toString()).toBe('seven');
    expect(answers.get('a', 8)).toBeUndefined();
    // Dropped for good: going back to the old version does not revive it.
    expect(answers.get('a', 7)).toBeUndefined();
    answers.set('b', 7, answer('b'));
    expect(answers.get('b', null)).toBeUndefined();
  });

  it('lets an answer go when it is too old or its sale has ended', () => {
    const answers = cache({ maxAgeMs: 1000 });
    answers.set('old', 1, answer('x'), null, 0);
    expect(answers.get('old', 1, 999)).toBeDefined();
    expect(answers.get('old', 1, 1000)).toBeUndefined();
    answers.set('sale', 1, answer('x'), 500, 0);
    expect(answers.get('sale', 1, 499)).toBeDefined();
    expect(answers.get('sale', 1, 500)).toBeUndefined();
  });

  it('lets the least recently used answers go first when full', () => {
    const answers = cache({ maxEntries: 2 });
    answers.set('a', 1, answer('a'));
    answers.set('b', 1, answer('b'));
    answers.get('a', 1);
    answers.set('c', 1, answer('c'));
    expect(answers.get('b', 1)).toBeUndefined();
    expect(answers.get('a', 1)).toBeDefined();
    expect(answers.get('c', 1)).toBeDefined();

    const small = cache({ maxBytes: 50 });
    small.set('one', 1, answer('x'.repeat(17)));
    small.set('two', 1, answer('y'.repeat(17)));
    small.set('six', 1, answer('z'.repeat(17)));
    expect(small.get('one', 1)).toBeUndefined();
    expect(small.get('six', 1)).toBeDefined();
    expect(small.bytes).toBeLessThanOrEqual(50);
  });

  it('leaves an answer near the newest end where it is, and still lets the least recently used go first', () => {
    const answers = cache({ maxEntries: 8 });
    for (const key of 'abcdefgh') answers.set(key, 1, answer(key));
    // 'h' and 'g' are among the newest quarter: asked for over and over, they are not moved, and
    // eviction, which starts from the oldest, does not reach them.
    for (let index = 0; index < 1000; index++) answers.get('h', 1);
    answers.get('g', 1);
    // 'a' is the oldest: asked for, it moves to the newest end, and 'b' is the next to go.
    answers.get('a', 1);
    answers.set('i', 1, answer('i'));
    answers.set('j', 1, answer('j'));
    expect(answers.get('b', 1)).toBeUndefined();
    expect(answers.get('c', 1)).toBeUndefined();
    for (const key of 'adefghij') expect(answers.get(key, 1), key).toBeDefined();
  });

  it('compresses each answer once per encoding and gives back the same bytes', async () => {
    const answers = cache();
    const entry = answers.set('page', 1, answer('<p>Leather tote</p>'.repeat(200)));
    const br = await answers.encode(entry, 'br');
    expect(brotliDecompressSync(br).equals(entry.body)).toBe(true);
    expect(await answers.encode(entry, 'br')).toBe(br);
    expect(gunzipSync(await answers.encode(entry, 'gzip')).equals(entry.body)).toBe(true);
    expect(await answers.encode(entry, 'identity')).toBe(entry.body);
  });

  it('lets a crowd asking for the same missing answer wait for one making of it', async () => {
    const answers = cache();
    let made = 0;
    const make = async () => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 'page';
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => answers.once('k', make)));
    expect(made).toBe(1);
    expect(results.filter((result) => !result.shared)).toHaveLength(1);
  });
});

describe('matchesTag and preferredEncoding', () => {
  it('compares validators weakly, in a list or as *', () => {
    expect(matchesTag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag('*', 'W/"abc"')).toBe(true);
    expect(matchesTag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesTag(undefined, 'W/"abc"')).toBe(false);
  });

  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('*')).toBe('gzip');
  });
});
