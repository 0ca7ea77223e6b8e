import { useEffect, useRef } from 'react';

/**
 * Runs once per mount, as soon as `ready`, even under StrictMode's double effects: a link or
 * code works only once, a view is counted once (after what it counts has loaded).
 */
export function useOnce(action: () => Promise<void>, ready = true) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !ready) return;
    started.current = true;
    void action();
  });
}
