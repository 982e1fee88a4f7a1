import { describe, expect, it } from 'vitest';
import { safeEmbedUrl } from './embeds.ts';

describe('safeEmbedUrl', () => {
  it('keeps an https embed address of a known host', () => {
    expect(safeEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(safeEmbedUrl(' https://rutube.ru/play/embed/abc123/ ')).toBe('https://rutube.ru/play/embed/abc123/');
  });

  it('drops anything else', () => {
    expect(safeEmbedUrl('')).toBeUndefined();
    expect(safeEmbedUrl('http://www.youtube.com/embed/x')).toBeUndefined();
    expect(safeEmbedUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeEmbedUrl('https://evil.example/embed/x')).toBeUndefined();
    expect(safeEmbedUrl('https://www.youtube.com/watch?v=x')).toBeUndefined();
    expect(safeEmbedUrl('<iframe src="https://www.youtube.com/embed/x"></iframe>')).toBeUndefined();
  });
});
