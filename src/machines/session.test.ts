import { describe, expect, it } from 'vitest';
import { fieldError, toCallError } from './session.ts';

/**
 * How a failed call reaches the machines (session.ts): the server's status, Persian message,
 * per-field messages and, on a 429, how long to wait; anything else thrown becomes a status 0
 * with the fallback message.
 */

const FALLBACK = 'خطایی رخ داد؛ دوباره تلاش کنید';

describe('toCallError', () => {
  it('keeps an API error’s status, message and per-field messages', () => {
    const err = {
      status: 422,
      message: 'کد ملی نامعتبر است',
      body: { errors: { ncode: ['کد ملی نامعتبر است'], mobile: ['شماره همراه را وارد کنید'] } },
    };
    expect(toCallError(err)).toEqual({
      status: 422,
      message: 'کد ملی نامعتبر است',
      fields: { ncode: ['کد ملی نامعتبر است'], mobile: ['شماره همراه را وارد کنید'] },
      retryAfter: null,
    });
  });

  it('turns what is not an API error into status 0 with the fallback message', () => {
    for (const thrown of [null, undefined, 'boom', 42, {}, { status: '500', message: 7 }]) {
      expect(toCallError(thrown)).toEqual({ status: 0, message: FALLBACK, fields: {}, retryAfter: null });
    }
    // an Error's own message is kept, its status is unknown
    expect(toCallError(new Error('شبکه در دسترس نیست'))).toMatchObject({
      status: 0,
      message: 'شبکه در دسترس نیست',
    });
    // an empty message is no message
    expect(toCallError({ status: 500, message: '' }).message).toBe(FALLBACK);
  });

  it('waits what the server says, else 60 s on a 429 and nothing otherwise', () => {
    const at = (status: number, retryAfter?: unknown) =>
      toCallError({ status, message: 'صبر کنید', body: { retryAfter } }).retryAfter;
    expect(at(429, 30)).toBe(30);
    expect(at(429, '45')).toBe(45);
    expect(at(429)).toBe(60);
    expect(at(429, 0)).toBe(60);
    expect(at(429, -5)).toBe(60);
    expect(at(429, 'soon')).toBe(60);
    expect(at(503, 20)).toBe(20);
    expect(at(503)).toBeNull();
    expect(at(503, 0)).toBeNull();
  });
});

describe('fieldError', () => {
  const error = toCallError({ status: 422, message: 'x', body: { errors: { a: ['اول', 'دوم'], b: [] } } });
  it('gives a field’s first message, and nothing for a field without one or no error', () => {
    expect(fieldError(error, 'a')).toBe('اول');
    expect(fieldError(error, 'b')).toBeUndefined();
    expect(fieldError(error, 'c')).toBeUndefined();
    expect(fieldError(null, 'a')).toBeUndefined();
    expect(fieldError(undefined, 'a')).toBeUndefined();
  });
});
