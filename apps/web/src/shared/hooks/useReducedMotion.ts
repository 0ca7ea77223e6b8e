import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';
const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** Whether the person asked their system for less motion (WCAG 2.3.3): then the UI does not animate. */
export function useReducedMotion() {
  // The server's render, and the browser's hydration of it, draw with motion: the wish applies right after.
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
