import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const fileName = 'admin-token';

/** The token of the admin calls, read from DATA_DIR, or undefined when none was made yet. */
export function readAdminToken(dataDir: string): string | undefined {
  try {
    const token = readFileSync(join(dataDir, fileName), 'utf8').trim();
    return token === '' ? undefined : token;
  } catch {
    return undefined;
  }
}

/** The token, made on first use and readable only by the owner of DATA_DIR. */
export function adminToken(dataDir: string): string {
  const known = readAdminToken(dataDir);
  if (known !== undefined) return known;
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(24).toString('base64url');
  writeFileSync(join(dataDir, fileName), `${token}\n`, { mode: 0o600 });
  return token;
}
