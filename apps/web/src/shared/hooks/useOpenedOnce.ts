import { useState } from 'react';

/**
 * Whether a dialog was ever open, for dialogs whose code loads when first opened (a pay or report
 * dialog behind each post's button): drawn from then on, so that it closes as dialogs do (with its
 * focus back on the button) and keeps what was typed.
 */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
