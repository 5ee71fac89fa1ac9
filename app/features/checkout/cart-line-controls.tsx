import { Minus, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { normaliseQuantity, setLineQuantity, type CartLine } from '../../lib/shop-stores';

/**
 * − quantity +: typing anything that is not a whole number from 1 up becomes 1; with `max` (the
 * shop's per-order cap for one product) the stepper stops there and a larger number typed becomes it.
 */
export function QuantityStepper({
  line,
  onRemove,
  max,
}: {
  line: CartLine;
  onRemove: () => void;
  max?: number | undefined;
}) {
  const atMax = max !== undefined && line.quantity >= max;
  // What the shopper is typing; the cart's quantity otherwise.
  const [typing, setTyping] = useState<string | null>(null);
  const label = `Quantity of ${line.name}`;
  return (
    <div className="inline-flex h-10 items-center rounded-sm border border-line bg-white">
      <button
        type="button"
        aria-label={line.quantity <= 1 ? `Remove ${line.name}` : `One fewer ${line.name}`}
        onClick={() => (line.quantity <= 1 ? onRemove() : setLineQuantity(line, line.quantity - 1))}
        className="inline-flex h-full w-9 items-center justify-center text-ink-soft hover:text-ink"
      >
        <Minus width={14} height={14} aria-hidden="true" />
      </button>
      <input
        aria-label={label}
        inputMode="numeric"
        value={typing ?? String(line.quantity)}
        onChange={(event) => setTyping(event.target.value)}
        onBlur={() => {
          if (typing === null) return;
          const wanted = normaliseQuantity(typing);
          setLineQuantity(line, max !== undefined ? Math.min(wanted, max) : wanted);
          setTyping(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
        className="h-full w-10 border-x border-line text-center text-sm tabular-nums focus:outline-none focus-visible:ring-1 focus-visible:ring-ink"
      />
      <button
        type="button"
        aria-label={`One more ${line.name}`}
        title={atMax ? `At most ${max} per order` : undefined}
        disabled={atMax}
        onClick={() => setLineQuantity(line, line.quantity + 1)}
        className="inline-flex h-full w-9 items-center justify-center text-ink-soft hover:text-ink disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:text-ink-soft"
      >
        <Plus width={14} height={14} aria-hidden="true" />
      </button>
    </div>
  );
}

export function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Remove ${name} from cart`}
      className="inline-flex h-9 w-9 items-center justify-center rounded-full text-muted transition hover:bg-cream hover:text-ink"
    >
      <X width={16} height={16} aria-hidden="true" />
    </button>
  );
}

/**
 * A quoted line the shop cannot sell as it stands: the product is gone, the size or colour it names
 * is no longer sold (a stale bag), or its variant is sold out. The bag and the checkout offer to
 * remove it.
 */
export function cannotBeBought(line: { problemKind: string | null; stock: number }): boolean {
  return (
    line.problemKind === 'unavailable' ||
    line.problemKind === 'unknown-option' ||
    (line.problemKind === 'stock' && line.stock <= 0)
  );
}
