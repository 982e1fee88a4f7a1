import { publishThenNext } from '../../../lib/allowance-advance.ts';
import { api } from '../../../lib/api.ts';

/** The TV item's allowance is spent: publish it, then ask to move on; the server decides. */
export function advanceTeleprogram(teleId: number, videoId: number, nextIndex: number) {
  return publishThenNext(
    () => api('videoPublish', { params: { id: videoId } }),
    () => api('teleprogramNext', { params: { id: teleId, nextIndex } }),
  );
}
