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

/** Mobile numbers are canonicalised in one place, shared with the forms: domain/identifiers.ts. */
export { MOBILE_FORMAT_MESSAGE, normalizeMobile } from '../../domain/identifiers.ts';
