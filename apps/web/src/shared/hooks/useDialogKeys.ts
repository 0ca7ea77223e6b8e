import { useEffect } from 'react';

/**
 * The keys a viewer dialog answers while it is open (arrows to walk, Space to pause), wherever the
 * focus is inside it: listened for on the window, as antd's dialog keeps only Esc for itself.
 */
export function useDialogKeys(open: boolean, keys: Partial<Record<string, (event: KeyboardEvent) => void>>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => keys[event.key]?.(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
