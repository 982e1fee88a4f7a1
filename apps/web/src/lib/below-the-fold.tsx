// What a screen puts below the fold asks for its data once the screen's first frame is painted:
// the calls of what is seen first, and the paint itself, have the network and the main thread to
// themselves, and a frame later nothing below the fold could have been seen yet.
import { createContext, type ReactNode, use, useEffect, useState } from 'react';
import { afterPaint } from './after-paint.ts';

/** Whether a section may ask for its data now: always, outside a `BelowTheFold`. */
const MayLoad = createContext(true);

/** Wraps the sections of a screen that start below the fold. */
export function BelowTheFold({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(
    () =>
      afterPaint(() => {
        setPainted(true);
      }),
    [],
  );
  return <MayLoad value={painted}>{children}</MayLoad>;
}

/** For a section's queries (`enabled`): false below the fold until the screen's first paint. */
export function useMayLoad(): boolean {
  return use(MayLoad);
}
