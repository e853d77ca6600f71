import { hash, verify } from '@node-rs/argon2';

/** argon2id with the package defaults (m=19 MiB, t=2, p=1; OWASP's minimum); ~50 ms a hash here. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Checks a password against its stored hash; false (never throws) on a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
