import { describe, expect, it } from 'vitest';
import { airingDraft } from './airing-draft.ts';

describe('airingDraft', () => {
  it('never airs a medium marked draft 2, on either channel, whatever the item says', () => {
    for (const item of [0, 1, 2]) {
      expect(airingDraft('video', 2, item)).toBe(2);
      expect(airingDraft('audio', 2, item)).toBe(2);
    }
  });

  it("airs a radio item with its own draft value, a TV item with its video's", () => {
    expect(airingDraft('audio', 0, 2)).toBe(2);
    expect(airingDraft('audio', 1, 0)).toBe(0);
    expect(airingDraft('audio', 0, 1)).toBe(1);
    expect(airingDraft('video', 1, 0)).toBe(1);
    expect(airingDraft('video', 0, 0)).toBe(0);
  });
});
