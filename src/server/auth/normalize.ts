/** Persian (۰-۹) and Arabic-Indic (٠-٩) digits to ASCII; everything else unchanged. */
export function asciiDigits(value: string): string {
  return value.replace(/[۰-۹٠-٩]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** ASCII digits to Persian digits, for numbers inside Persian messages. */
export function faDigits(value: number | string): string {
  return String(value).replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
}

/**
 * A mobile number in the form 09xxxxxxxxx, or null. Accepts Persian/Arabic digits, spaces,
 * dashes and the +98 / 0098 / 98 prefixes.
 */
export function normalizeMobile(raw: string): string | null {
  let v = asciiDigits(raw).replace(/[\s\-()]/g, '');
  if (v.startsWith('+98')) v = `0${v.slice(3)}`;
  else if (v.startsWith('0098')) v = `0${v.slice(4)}`;
  else if (v.startsWith('98') && v.length === 12) v = `0${v.slice(2)}`;
  else if (v.startsWith('9') && v.length === 10) v = `0${v}`;
  return /^09\d{9}$/.test(v) ? v : null;
}

/** The Persian message for a mobile number that is not 09xxxxxxxxx. */
export const MOBILE_FORMAT_MESSAGE = 'شماره همراه باید ۱۱ رقم و با ۰۹ آغاز شود؛ مانند ۰۹۱۲۳۴۵۶۷۸۹';
