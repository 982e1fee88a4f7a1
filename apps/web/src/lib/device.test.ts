import { describe, expect, it } from 'vitest';
import { detectDevice, deviceLabel, radioStreamKind } from './device.ts';

const agents = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  symbian: 'Mozilla/5.0 (SymbianOS/9.4; Series60/5.0 NokiaN97-1/12.0.024) AppleWebKit/525 (KHTML, like Gecko)',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.15063',
  tablet:
    'Mozilla/5.0 (PlayBook; U; RIM Tablet OS 2.1.0; en-US) AppleWebKit/536.2+ (KHTML, like Gecko) Version/7.2.1.0 Safari/536.2+',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
};

describe('detectDevice', () => {
  it('recognises each device of the spec', () => {
    expect(detectDevice(agents.android)).toEqual({ kind: 'known', device: 'Android' });
    expect(detectDevice(agents.iphone)).toEqual({ kind: 'known', device: 'iPhone' });
    expect(detectDevice(agents.ipad)).toEqual({ kind: 'known', device: 'iPad' });
    expect(detectDevice(agents.symbian)).toEqual({ kind: 'known', device: 'Symbian' });
    expect(detectDevice(agents.windowsPhone)).toEqual({ kind: 'known', device: 'Windows Phone' });
    expect(detectDevice(agents.tablet)).toEqual({ kind: 'known', device: 'Tablet OS' });
    expect(detectDevice(agents.linux)).toEqual({ kind: 'known', device: 'Linux' });
    expect(detectDevice(agents.windows)).toEqual({ kind: 'known', device: 'Windows' });
    expect(detectDevice(agents.mac)).toEqual({ kind: 'known', device: 'Macintosh' });
  });

  it('labels an unknown agent with the translated label and the agent', () => {
    const device = detectDevice('curl/8.5.0');
    expect(device).toEqual({ kind: 'unknown', agent: 'curl/8.5.0' });
    expect(deviceLabel(device, 'Неизвестная платформа!')).toBe('Неизвестная платформа! curl/8.5.0');
    expect(deviceLabel(detectDevice(agents.mac), 'x')).toBe('Macintosh');
  });

  it('picks the apple radio stream for iPhone and iPad only', () => {
    expect(radioStreamKind(detectDevice(agents.iphone))).toBe('apple');
    expect(radioStreamKind(detectDevice(agents.ipad))).toBe('apple');
    expect(radioStreamKind(detectDevice(agents.android))).toBe('m3u');
    expect(radioStreamKind(detectDevice('curl'))).toBe('m3u');
  });
});
