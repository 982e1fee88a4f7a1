// Work that reads the layout (a carousel measuring its slides, a list scrolled to an item) waits
// until the browser has painted what React committed: the layout is then already done, and the
// work runs as a task of its own instead of lengthening the commit's.
import { type RefObject, useEffect, useState } from 'react';

/** Runs `work` once the next frame has been painted; the returned function cancels it. */
export function afterPaint(work: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(work, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/** Runs `work` when the browser is idle (within a second), or after the next paint where it cannot
 * say; the returned function cancels it. */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') return afterPaint(work);
  const idle = window.requestIdleCallback(work, { timeout: 1000 });
  return () => {
    window.cancelIdleCallback(idle);
  };
}

/** False until the element has come within `margin` of the viewport (half a screen by default),
 * then true for good: work for what is far below the fold waits until it may be seen. The
 * observer reports after a layout, so the work never forces one of its own. */
export function useNearViewport(ref: RefObject<Element | null>, margin = '50%'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref, near, margin]);
  return near;
}

/** How many of `total` parts to render: the first at once, then one more after each paint, so a
 * long page is built in short tasks instead of one long one. */
export function useRevealed(total: number): number {
  const [revealed, setRevealed] = useState(1);
  useEffect(() => {
    if (revealed >= total) return;
    return afterPaint(() => {
      setRevealed((count) => count + 1);
    });
  }, [revealed, total]);
  return Math.min(revealed, total);
}
