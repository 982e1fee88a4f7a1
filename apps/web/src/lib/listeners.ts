// The page's small stores (the theme, the player, the live radio's choice, the event stream) tell
// their readers of a change alike.

/** A store's listeners: `subscribe` (as useSyncExternalStore takes it) adds one and answers its
 * removal; `notify` calls each. */
export function createListeners<Value = void>() {
  const listeners = new Set<(value: Value) => void>();
  return {
    subscribe: (listener: (value: Value) => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify: (value: Value): void => {
      for (const listener of listeners) listener(value);
    },
  };
}
