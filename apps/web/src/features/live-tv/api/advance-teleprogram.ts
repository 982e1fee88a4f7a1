import { fetchCall } from '../../../lib/api.ts';

/**
 * An item's allowance is spent: PATCH /video/update/status/{videoId}/0/ marks it published, then
 * PUT /get/teleprogram/next/{teleId}/{nextIndex}/ asks to move on. The server decides both by its
 * clock; the answer is the run the page follows.
 */
export async function advanceTeleprogram(teleId: number, videoId: number, nextIndex: number) {
  try {
    await fetchCall<'videoPublish'>(`/video/update/status/${videoId}/0/`, { method: 'PATCH' });
  } catch (error) {
    // Refused while the item has not finished airing by the server's clock: only logged.
    console.error(error);
  }
  return fetchCall<'teleprogramNext'>(`/get/teleprogram/next/${teleId}/${nextIndex}/`, { method: 'PUT' });
}
