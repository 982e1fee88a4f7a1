// A chat post's delivery timed inside the two pages (one machine, one clock): from the writer's
// submit to the message in the reader's list, without the test runner's own round trips to the
// browser, which on a loaded machine take longer than the delivery itself.
import { expect, type Page } from '@playwright/test';

/**
 * Watches the writer's next submit and the reader's list for `text`; call it before the post.
 * The answer waits for the message to show and gives the milliseconds it took.
 */
export async function timeDelivery(writer: Page, reader: Page, text: string): Promise<() => Promise<number>> {
  await writer.evaluate(() => {
    document.addEventListener(
      'submit',
      () => {
        sessionStorage.setItem('sentAt', String(Date.now()));
      },
      { capture: true, once: true },
    );
  });
  await reader.evaluate((wanted) => {
    new MutationObserver((_, observer) => {
      const shown = [...document.querySelectorAll('.chat__message')].some((node) => node.textContent.includes(wanted));
      if (!shown) return;
      sessionStorage.setItem('shownAt', String(Date.now()));
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return async () => {
    await expect(reader.locator('.chat__message', { hasText: text })).toBeVisible({ timeout: 10_000 });
    const sentAt = Number(await writer.evaluate(() => sessionStorage.getItem('sentAt')));
    const shownAt = Number(await reader.evaluate(() => sessionStorage.getItem('shownAt')));
    expect(sentAt, 'the post was submitted').toBeGreaterThan(0);
    expect(shownAt).toBeGreaterThanOrEqual(sentAt);
    return shownAt - sentAt;
  };
}
