import { Copy } from 'lucide-react';
import { toast } from './toast';

/**
 * One figure the shopper needs to type elsewhere (an amount, an account number), with a copy button.
 * `copy` is what the button copies when it differs from what is shown (an amount's digits alone).
 */
export function CopyValue({ label, value, copy = value }: { label: string; value: string; copy?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-line/70 py-2.5 last:border-0">
      <dt className="text-xs tracking-wide text-muted uppercase">{label}</dt>
      <dd className="flex items-center gap-2 font-medium tabular-nums">
        {value}
        <button
          type="button"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={() => {
            void navigator.clipboard
              ?.writeText(copy)
              .then(() =>
                toast(
                  label === 'Reference'
                    ? 'Reference code copied to clipboard!'
                    : `${label} copied to clipboard!`,
                  'success',
                ),
              )
              .catch(() => toast('Copying is not available here: please note it down.', 'error'));
          }}
          className="inline-flex h-8 w-8 items-center justify-center rounded-full text-muted hover:bg-cream hover:text-ink"
        >
          <Copy width={14} height={14} aria-hidden="true" />
        </button>
      </dd>
    </div>
  );
}
