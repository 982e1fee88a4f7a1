// A browser an account has signed in from before is known to that account by a signed cookie
// (OWASP's "device cookies"): failed sign-ins from elsewhere, however many, never refuse its
// owner the right password there. Its own failures count against that browser alone; a browser
// it does not know, or one whose cookie is forged or another account's, counts against the
// login and the address as before.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const deviceCookie = 'efir_studio_device';

/** How long a browser stays known after its last sign-in there. */
export const deviceCookieDays = 180;

function mac(secret: string, userId: number, device: string): string {
  return createHmac('sha256', secret)
    .update(`studio-device|${String(userId)}|${device}`)
    .digest('base64url');
}

/** A new known-browser token for the account `userId`: `<userId>.<device>.<mac>`. */
export function deviceToken(secret: string, userId: number): string {
  const device = randomBytes(16).toString('base64url');
  return `${String(userId)}.${device}.${mac(secret, userId, device)}`;
}

/** The browser's id when `token` is a genuine token of the account `userId`, else undefined. */
export function knownDevice(secret: string, token: string | undefined, userId: number): string | undefined {
  const [owner, device, signature, ...rest] = (token ?? '').split('.');
  if (owner !== String(userId) || device === undefined || signature === undefined || rest.length > 0) return undefined;
  const expected = Buffer.from(mac(secret, userId, device));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined;
}
