/** Per-field Persian messages: `{ field: ['پیام'] }`; nested fields use dotted paths. */
export type FieldErrors = Record<string, string[]>;

/**
 * An error the API answers with its own status and Persian message, never a 500.
 * 419 = missing/invalid anti-forgery token, 422 = invalid input (with `fields`).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message = 'درخواست نامعتبر است') => new HttpError(400, message);
export const unauthorized = (message = 'ابتدا وارد سامانه شوید') => new HttpError(401, message);
export const forbidden = (message = 'دسترسی لازم به این بخش داده نشده است') => new HttpError(403, message);
export const notFound = (message = 'موردی یافت نشد') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const invalid = (fields: FieldErrors, message = 'اطلاعات واردشده معتبر نیست') =>
  new HttpError(422, message, fields);
