/** An ILIKE pattern matching `text` anywhere, with the pattern's own wildcards (%, _, \) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
