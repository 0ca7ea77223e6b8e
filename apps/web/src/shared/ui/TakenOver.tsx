import { useEffect } from 'react';

/**
 * Says that the app has taken the page over (`html[data-hydrated]`, which the browser tests wait
 * for: decision 079), from inside the boundary of what the page shows: a page, or a Result in its
 * place. React hydrates a drawn page's Suspense boundaries after the root, at low priority, so a
 * mark set by the root's effects came while the page's buttons were still the server's HTML, and a
 * click there could be lost.
 */
export function TakenOver() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
