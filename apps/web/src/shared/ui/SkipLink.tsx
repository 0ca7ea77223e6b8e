import type { MouseEvent } from 'react';

/** The id of the element holding the page (the layout's `<main>`): where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the keyboard on every page (WCAG 2.4.1): past the header to the page. Focuses
 * the page instead of following the hash, so the address stays the page's own.
 */
export function SkipLink() {
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skip}>
      Skip to content
    </a>
  );
}
