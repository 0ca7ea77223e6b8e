import { useEffect, useRef } from 'react';

/** Runs once per mount, even under StrictMode's double effects: a link or code works only once. */
export function useOnce(action: () => Promise<void>) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void action();
  });
}
