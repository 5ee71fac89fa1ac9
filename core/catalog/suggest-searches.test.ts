import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { fallbackPhrases, MAX_SUGGESTIONS, suggestSearches } from './suggest-searches';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.destroy();
});

describe('suggestSearches', () => {
  it('offers nothing for blank text', async () => {
    expect(await suggestSearches(database.db, '   ')).toEqual([]);
    expect(await suggestSearches(database.db, undefined)).toEqual([]);
  });

  it('offers category, brand and product names containing the text, case-insensitively, at most eight', async () => {
    const suggestions = await suggestSearches(database.db, 'TOTE');
    expect(suggestions[0]).toBe('Tote Bags');
    expect(suggestions.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    expect(suggestions.every((suggestion) => /tote/i.test(suggestion))).toBe(true);
  });

  it('still offers close names when the text has a typo', async () => {
    const suggestions = await suggestSearches(database.db, 'handbg');
    expect(suggestions.some((suggestion) => /handbag/i.test(suggestion))).toBe(true);
  });

  it('falls back to the product-type phrases', async () => {
    const suggestions = await suggestSearches(database.db, 'chinos');
    expect(suggestions).toContain('Chinos');
    expect(fallbackPhrases).toHaveLength(17);
  });

  it('treats % and _ as plain characters', async () => {
    expect(await suggestSearches(database.db, '%')).toEqual([]);
  });
});
