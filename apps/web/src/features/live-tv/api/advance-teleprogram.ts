import { api } from '../../../lib/api.ts';

/**
 * An item's allowance is spent: videoPublish marks it published, then teleprogramNext asks to move
 * on. The server decides both by its clock; the answer is the run the page follows.
 */
export async function advanceTeleprogram(teleId: number, videoId: number, nextIndex: number) {
  try {
    await api('videoPublish', { params: { id: videoId } });
  } catch (error) {
    // Refused while the item has not finished airing by the server's clock: only logged.
    console.error(error);
  }
  return api('teleprogramNext', { params: { id: teleId, nextIndex } });
}
