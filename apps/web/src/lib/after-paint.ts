// Work that reads the layout (a carousel measuring its slides, a list scrolled to an item) waits
// until the browser has painted what React committed: the layout is then already done, and the
// work runs as a task of its own instead of lengthening the commit's.
import { useEffect, useState } from 'react';

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

/** False on the first render, true once that render has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(
    () =>
      afterPaint(() => {
        setPainted(true);
      }),
    [],
  );
  return painted;
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
