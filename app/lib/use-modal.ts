import { useEffect, useRef } from 'react';

/**
 * What every slide-over needs while open: focus on its close button, Escape closes it, and the page
 * behind does not scroll. `onClose` should keep its identity between renders (useCallback).
 */
export function useModal(open: boolean, onClose: () => void) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [open, onClose]);
  return closeRef;
}
