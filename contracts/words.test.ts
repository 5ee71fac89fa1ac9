import { describe, expect, it } from 'vitest';
import { andList } from './words';

describe('andList', () => {
  it('lists names as a sentence does', () => {
    expect(andList([])).toBe('');
    expect(andList(['Shop'])).toBe('Shop');
    expect(andList(['Shop', 'Store room'])).toBe('Shop and Store room');
    expect(andList(['M', 'L', 'XL'])).toBe('M, L and XL');
  });
});
