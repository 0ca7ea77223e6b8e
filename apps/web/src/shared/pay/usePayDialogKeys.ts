import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTabCycle } from '../hooks/useTabCycle';

/**
 * The keyboard path of a pay dialog (decision 030): when it opens the focus lands on its first
 * field (else on its confirm button); Enter in a field confirms, as in any form, unless the dialog
 * refuses (an amount out of its limits says why beside the field), and a text area keeps Enter for
 * new lines; Tab stays inside (useTabCycle). Esc is the dialog's, and so is giving the focus back
 * to the opener when it closes, except when it is taken off the page closed (the subscribe
 * dialog): then it is given back here.
 */
export function usePayDialogKeys({ open, ready, confirm }: { open: boolean; ready: boolean; confirm: () => void }) {
  const body = useRef<HTMLDivElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useTabCycle(open);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (open) opener.current = document.activeElement;
  }, [open]);
  useEffect(
    () => () => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    },
    [],
  );
  const afterOpenChange = (opened: boolean) => {
    if (!opened) return;
    const field = body.current?.querySelector<HTMLElement>('input, textarea, select');
    (field ?? confirmButton.current)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // A form of its own inside the dialog (a new delivery address) keeps its Enter.
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement) || event.target.closest('form')) return;
    event.preventDefault();
    if (ready) confirm();
  };
  return { body, confirmButton, afterOpenChange, onKeyDown };
}
