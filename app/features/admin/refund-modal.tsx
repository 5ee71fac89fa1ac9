import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { cn } from '../../lib/cn';

/**
 * A modal on the browser's own <dialog> for the refund questions, which need more than two answers:
 * focus is kept inside, Escape closes, focus goes back where it was. It stays mounted while closed,
 * so what the admin typed survives closing and opening again.
 */
export function RefundModal({
  open,
  title,
  onClose,
  wide = false,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  wide?: boolean;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={cn(
        'm-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-card bg-paper p-5 text-ink shadow-xl backdrop:bg-ink/50 sm:p-6',
        wide ? 'w-[min(40rem,calc(100vw-2rem))]' : 'w-[min(26rem,calc(100vw-2rem))]',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="font-display text-2xl">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="-m-2 rounded-sm p-2 text-ink-soft hover:bg-cream hover:text-ink"
        >
          <X width={18} height={18} aria-hidden="true" />
        </button>
      </div>
      {/* Rendered only while open: nothing inside a closed dialog is reachable anyway. */}
      {open ? <div className="mt-3">{children}</div> : null}
    </dialog>
  );
}
