// Whether the visitor asked their system for less motion (`prefers-reduced-motion: reduce`),
// followed as they change it.
import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(changed: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', changed);
  return () => {
    list.removeEventListener('change', changed);
  };
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
