/** Mobile numbers are canonicalised in one place, shared with the forms: domain/identifiers.ts. */
export { MOBILE_FORMAT_MESSAGE, normalizeMobile } from '../../domain/identifiers.ts';
