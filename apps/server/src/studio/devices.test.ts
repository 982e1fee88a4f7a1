import { describe, expect, it } from 'vitest';
import { deviceToken, knownDevice } from './devices.ts';

const secret = 'a-secret-of-the-site';

describe('known browsers', () => {
  it('knows a token made for the account, as one browser', () => {
    const token = deviceToken(secret, 7);
    const device = knownDevice(secret, token, 7);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/u);
    expect(knownDevice(secret, deviceToken(secret, 7), 7)).not.toBe(device);
  });

  it('knows nothing of another account’s token, a forged or changed one, or another site’s', () => {
    const token = deviceToken(secret, 7);
    const [, device, signature] = token.split('.');
    expect(knownDevice(secret, token, 8)).toBeUndefined();
    expect(knownDevice(secret, `8.${String(device)}.${String(signature)}`, 8)).toBeUndefined();
    expect(knownDevice(secret, `7.${String(device)}x.${String(signature)}`, 7)).toBeUndefined();
    expect(knownDevice(secret, `${token}.more`, 7)).toBeUndefined();
    expect(knownDevice(secret, token.slice(0, -1), 7)).toBeUndefined();
    expect(knownDevice('another-secret', token, 7)).toBeUndefined();
    expect(knownDevice(secret, undefined, 7)).toBeUndefined();
    expect(knownDevice(secret, '', 7)).toBeUndefined();
  });
});
