import { useEffect, useId, useRef } from 'react';
import { Button } from './button';

/**
 * A modal question with two answers, on the browser's own <dialog>: focus is kept inside, Escape
 * cancels, and focus goes back where it was afterwards.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
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
        onCancel();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onCancel();
      }}
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-card bg-paper p-6 text-ink shadow-xl backdrop:bg-ink/50"
    >
      <h2 id={titleId} className="font-display text-2xl">
        {title}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="ghost" size="sm" onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button size="sm" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
