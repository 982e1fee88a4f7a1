// The visitor's device from the user agent (SPEC §8). The order matters: Windows Phone says
// Windows, Android says Linux, an iPad or iPhone says "like Mac OS X".

export const devices = [
  'Android',
  'iPhone',
  'iPad',
  'Symbian',
  'Windows Phone',
  'Tablet OS',
  'Linux',
  'Windows',
  'Macintosh',
] as const;
export type Device = (typeof devices)[number];

export type DetectedDevice = { kind: 'known'; device: Device } | { kind: 'unknown'; agent: string };

const checks: readonly [Device, RegExp][] = [
  ['Windows Phone', /Windows Phone/iu],
  ['Android', /Android/iu],
  ['iPhone', /iPhone/iu],
  ['iPad', /iPad/iu],
  ['Symbian', /Symbian/iu],
  ['Tablet OS', /Tablet OS/iu],
  ['Linux', /Linux/iu],
  ['Windows', /Windows/iu],
  ['Macintosh', /Macintosh/iu],
];

export function detectDevice(userAgent: string): DetectedDevice {
  const found = checks.find(([, pattern]) => pattern.test(userAgent));
  return found === undefined ? { kind: 'unknown', agent: userAgent } : { kind: 'known', device: found[0] };
}

/** The live radio's stream flavour: Apple's devices get the apple path, the rest m3u. */
export function radioStreamKind(device: DetectedDevice): 'apple' | 'm3u' {
  return device.kind === 'known' && (device.device === 'iPhone' || device.device === 'iPad') ? 'apple' : 'm3u';
}

/** The label for a device: its name, or the translated «unknown platform» label and the agent. */
export function deviceLabel(device: DetectedDevice, unknownLabel: string): string {
  return device.kind === 'known' ? device.device : `${unknownLabel} ${device.agent}`;
}
