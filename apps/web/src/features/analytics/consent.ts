import { useSyncExternalStore } from 'react';

/**
 * The visitor's answer to "may we measure your visits?", kept in this browser (decision 078).
 * Read and written only in effects and event handlers: never while rendering, which may happen on
 * a server.
 */
export type ConsentChoice = 'granted' | 'denied';

const CONSENT_KEY = 'limelight-analytics-consent';

/** The stored answer, or null when the visitor has not answered (or storage is unavailable). */
export function storedChoice(): ConsentChoice | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function storeChoice(choice: ConsentChoice) {
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // Storage refused (a private window's quota): the choice holds for this page only.
  }
}

/** Admin pages never load or report analytics. */
export const isAnalyticsFree = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/*
 * Whether the visitor asked to see the choice again (the footer's "Cookie settings"): a value
 * outside React, since the footer and the banner are far apart in the tree. Never set on a server.
 */
let settingsOpen = false;
const listeners = new Set<() => void>();
const setSettingsOpen = (open: boolean) => {
  settingsOpen = open;
  for (const listener of listeners) listener();
};
export const openConsentSettings = () => setSettingsOpen(true);
export const closeConsentSettings = () => setSettingsOpen(false);

export function useConsentSettingsOpen() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => settingsOpen,
    () => false,
  );
}

/**
 * Runs `work` once the page has loaded and the main thread is idle, so that nothing of analytics
 * competes with the first screen. Returns a cancel function.
 */
export function afterLoadIdle(work: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(work, { timeout: 4000 });
    else timer = setTimeout(work, 1000); // Safari has no requestIdleCallback.
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
