import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useDrawnWhenOpened } from '../../lib/use-drawn-when-opened';
import { useModal } from '../../lib/use-modal';

/**
 * A phone's slide-in panel (the menu, the filters): a dialog sliding in from one side over a backdrop,
 * with a header (its title and a close button) and a body that scrolls. Closed by the backdrop, the
 * close button and Escape (useModal); hidden from large screens, which show the same things in the
 * page. Its contents are drawn the first time it opens (useDrawnWhenOpened, decision 0055).
 */
export function SlideInPanel({
  open,
  onClose,
  side,
  id,
  label,
  title,
  closeLabel,
  children,
}: {
  open: boolean;
  /** Should keep its identity between renders (useCallback). */
  onClose: () => void;
  side: 'left' | 'right';
  id: string;
  /** The dialog's accessible name. */
  label: string;
  /** What the header shows. */
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
}) {
  const closeRef = useModal(open, onClose);
  const drawn = useDrawnWhenOpened(open);
  const hidden = side === 'left' ? '-translate-x-full' : 'translate-x-full';
  return (
    <div className={cn('fixed inset-0 z-50 lg:hidden', open ? 'visible' : 'invisible')} aria-hidden={!open}>
      {drawn ? (
        <>
          <div
            className={cn(
              'absolute inset-0 bg-ink/40 transition-opacity duration-300 starting:opacity-0',
              open ? 'opacity-100' : 'opacity-0',
            )}
            onClick={onClose}
          />
          <div
            id={id}
            role="dialog"
            aria-modal="true"
            aria-label={label}
            className={cn(
              'absolute inset-y-0 flex w-[88%] max-w-sm flex-col bg-paper shadow-xl transition-transform duration-300 ease-out-soft',
              side === 'left' ? 'left-0 starting:-translate-x-full' : 'right-0 starting:translate-x-full',
              open ? 'translate-x-0' : hidden,
            )}
          >
            <div className="flex items-center justify-between border-b border-line px-5 py-4">
              {title}
              <button
                ref={closeRef}
                type="button"
                onClick={onClose}
                aria-label={closeLabel}
                className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-cream"
              >
                <X width={20} height={20} strokeWidth={1.5} />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto">{children}</div>
          </div>
        </>
      ) : null}
    </div>
  );
}
