import { useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside an open dialog: from its last control to its first, and from its first back to
 * its last with Shift+Tab. antd's dialog pulls the focus back only once it has moved outside; from
 * its last control the focus leaves the page for the browser's own bar, where nothing pulls it back.
 */
export function useTabCycle(open: boolean) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const active = document.activeElement;
      const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')].find((element) =>
        element.contains(active),
      );
      if (!dialog) return;
      const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
      const [first, last] = [controls[0], controls[controls.length - 1]];
      if (!first || !last) return event.preventDefault();
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}
