/** A record id from a path segment: a positive integer written in ASCII or Persian digits, else null. */
export function parseId(raw: string): number | null {
  const ascii = raw.replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  if (!/^[1-9]\d{0,9}$/.test(ascii)) return null;
  const n = Number(ascii);
  return n <= 2_147_483_647 ? n : null;
}
