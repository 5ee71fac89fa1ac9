import type { ColorOption } from '../../../contracts/catalog';
import type { ReturnResolutionId } from '../../../contracts/returns';
import type { ReturnableLine } from '../../../core/returns/views';

/** What the return form holds for one order line; kept whole across a refused send. */
export interface ReturnFormLine {
  quantity: number;
  reason: string;
  reasonText: string;
  /** The exchange's choice ('' where the piece has no sizes, or no colours). */
  size: string;
  color: string;
}

export interface ReturnFormValues {
  lines: Record<string, ReturnFormLine>;
  resolution: ReturnResolutionId | '';
  note: string;
}

/** One size and colour of a piece, as the exchange picker reads it. */
export interface ExchangeOption {
  size: string | null;
  color: string | null;
  inStock: boolean;
  priceKobo: number;
}

/** A product's sizes and colours for the exchange picker, sold-out ones included (crossed out). */
export interface ExchangePiece {
  sizes: string[];
  colors: ColorOption[];
  options: ExchangeOption[];
}

export const emptyLineValues = (line: Pick<ReturnableLine, 'size' | 'color'>): ReturnFormLine => ({
  quantity: 0,
  reason: '',
  reasonText: '',
  size: line.size ?? '',
  color: line.color ?? '',
});

export function initialFormValues(lines: ReturnableLine[]): ReturnFormValues {
  return {
    // A single piece bought once is what she came to send back: it starts chosen.
    lines: Object.fromEntries(
      lines.map((line) => [
        line.orderLineId,
        { ...emptyLineValues(line), quantity: lines.length === 1 && line.returnable === 1 ? 1 : 0 },
      ]),
    ),
    resolution: '',
    note: '',
  };
}
