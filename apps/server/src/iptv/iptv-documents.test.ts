import { mainChannels } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { channelList, type IptvChannel, xmltvGuide, xmltvTime, xmlText } from './iptv-documents.ts';

const channel: IptvChannel = {
  id: 'efir.tv',
  channel: mainChannels.tv,
  shiftMinutes: 0,
  name: 'Эфир "1"\nплюс',
  group: 'Телевидение',
  logo: 'http://efir.example/iptv/efir-tv.png',
  stream: 'http://efir.example:8088/tv/stream.m3u8',
};

describe('IPTV documents', () => {
  it('keep a name on its line in the M3U list, whatever it holds', () => {
    const list = channelList([channel], 'http://efir.example/iptv/epg.xml', 1);
    const lines = list.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('tvg-name="Эфир  1  плюс"');
    expect(lines[1]?.endsWith(',Эфир "1" плюс')).toBe(true);
    expect(lines[1]).toContain(
      'catchup-source="http://efir.example:8088/tv/stream.m3u8?start={utc}&end={utcend}" catchup-days="1"',
    );
    expect(lines[2]).toBe(channel.stream);
  });

  it('write what an editor typed as text, without the characters XML cannot hold', () => {
    expect(xmlText('a & b <c> "d"\u0000\u0007\u001F é')).toBe('a &amp; b &lt;c&gt; &quot;d&quot; é');
    const guide = xmltvGuide(
      [channel],
      [
        {
          channelId: 'efir.tv',
          start: Date.UTC(2026, 10, 25, 17),
          end: Date.UTC(2026, 10, 25, 17, 30),
          title: '</title><script>',
          description: '',
          category: 'Новости',
          icon: '',
          url: '',
          ageRating: 16,
          author: '',
        },
      ],
      () => 3 * 3_600_000,
      { name: 'Эфир', url: 'http://efir.example' },
    );
    expect(guide).toContain('<title lang="ru">&lt;/title&gt;&lt;script&gt;</title>');
    expect(guide).not.toContain('<desc');
    expect(guide).toContain('start="20261125200000 +0300" stop="20261125203000 +0300"');
    expect(guide).toContain('<value>16+</value>');
  });

  it('write XMLTV times with the offset of the channel’s zone', () => {
    expect(xmltvTime(Date.UTC(2026, 0, 1, 0, 0, 5), -5.5 * 3_600_000)).toBe('20251231183005 -0530');
    expect(xmltvTime(Date.UTC(2026, 0, 1), 0)).toBe('20260101000000 +0000');
  });
});
