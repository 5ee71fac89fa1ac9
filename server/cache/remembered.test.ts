import { describe, expect, it } from 'vitest';
import { remembered } from './remembered';

describe('remembered', () => {
  it('works an answer out once per argument, false and undefined answers included', () => {
    const calls: string[] = [];
    const isShort = remembered((key: string) => {
      calls.push(key);
      return key.length < 4 ? undefined : key.length < 8;
    }, 10);
    expect([isShort('abc'), isShort('abcdef'), isShort('abcdefghij')]).toEqual([undefined, true, false]);
    expect([isShort('abc'), isShort('abcdef'), isShort('abcdefghij')]).toEqual([undefined, true, false]);
    expect(calls).toEqual(['abc', 'abcdef', 'abcdefghij']);
  });

  it('keeps at most max answers however many distinct arguments come', () => {
    let calls = 0;
    const double = remembered((key: string) => {
      calls += 1;
      return key + key;
    }, 3);
    for (let i = 0; i < 100; i++) expect(double(String(i))).toBe(`${i}${i}`);
    expect(calls).toBe(100);
    // 99 was kept after the last emptying; 0 was not.
    double('99');
    expect(calls).toBe(100);
    double('0');
    expect(calls).toBe(101);
  });
});
