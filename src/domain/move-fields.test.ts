import { describe, expect, it } from 'vitest';
import { isIsoDay, isTimestamp, isUserId, normalizeNote } from './move-fields.ts';

/** The fields of a move (move-fields.ts), asked directly: the statecharts' tests take them for granted. */

describe('days and timestamps name real calendar days', () => {
  it('a day past the end of its month, a month past 12 or 00, a year under 100 are not days', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-12-31')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2025-04-31')).toBe(false);
    expect(isIsoDay('2025-13-01')).toBe(false);
    expect(isIsoDay('2025-00-10')).toBe(false);
    expect(isIsoDay('0050-01-01')).toBe(false);
    expect(isTimestamp('2025-02-29T10:00:00Z')).toBe(false);
    expect(isTimestamp('0050-01-01T10:00:00Z')).toBe(false);
    expect(isTimestamp('2024-02-29T23:59:59.123+03:30')).toBe(true);
  });

  it('only strings: an object that prints as a day is not one', () => {
    const looksLike = (text: string) => ({ toString: () => text });
    expect(isIsoDay(looksLike('2025-01-01'))).toBe(false);
    expect(isTimestamp(looksLike('2025-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('users and notes', () => {
  it('a user id is a positive safe integer, never its text', () => {
    expect(isUserId(7)).toBe(true);
    for (const by of ['7', 0, -1, 1.5, 2 ** 53, null]) expect(isUserId(by), String(by)).toBe(false);
  });

  it('a note is trimmed, and none when nothing visible is left', () => {
    expect(normalizeNote('  بررسی شد ')).toBe('بررسی شد');
    expect(normalizeNote('\u200c \u200f\u2066 ')).toBeNull();
    expect(normalizeNote(3)).toBeNull();
  });
});
