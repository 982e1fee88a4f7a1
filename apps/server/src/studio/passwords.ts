// Passwords of the studio's accounts: Argon2id (a prebuilt N-API build of the reference
// algorithm), at OWASP's parameters for it: 19 MiB of memory, two passes, one lane. The hash is
// the PHC string, so hashes made with other parameters still verify after a change of them.
import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** The package's default algorithm is Argon2id (its Algorithm is a const enum, which code run
 * with its types stripped cannot name); the hashes start `$argon2id$`, which a test checks. */
const parameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, parameters);
}

/** A hash of no one's password, verified against when a login names no account, so that the
 * answer takes as long as for one that exists. */
const nobody = hashPassword('efir: no such account');

/** Whether `password` is the one `passwordHash` was made from; with no hash, false after as long. */
export async function passwordMatches(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    const matched = await verify(passwordHash ?? (await nobody), password);
    return passwordHash !== undefined && matched;
  } catch {
    return false;
  }
}

/** Letters and digits that cannot be mistaken for one another when read out or copied by hand. */
const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new password: 20 characters of a 55-letter alphabet, about 115 bits. */
export function makePassword(): string {
  return Array.from({ length: 20 }, () => alphabet[randomInt(alphabet.length)]).join('');
}
