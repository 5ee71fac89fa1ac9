import { formatNaira } from '../../../contracts/money';

/**
 * One line of a bag or an order, as the checkout's summary and the order confirmation show it:
 * its picture, name, colour, size and quantity, what is wrong with it (if anything) and its total.
 */
export function OrderLine({
  line,
}: {
  line: {
    name: string;
    imageUrl: string | null;
    color: string | null;
    size: string | null;
    quantity: number;
    lineTotalKobo: number;
    problem?: string | null | undefined;
  };
}) {
  return (
    <li className="flex gap-3 text-sm">
      {line.imageUrl ? (
        <img
          src={line.imageUrl}
          alt=""
          width={48}
          height={60}
          className="h-15 w-12 rounded-sm bg-cream object-cover"
        />
      ) : null}
      <div className="flex-1">
        <p className="leading-snug">{line.name}</p>
        <p className="text-xs text-muted">
          {[line.color, line.size && `Size ${line.size}`, `Qty ${line.quantity}`].filter(Boolean).join(' · ')}
        </p>
        {line.problem ? <p className="text-xs font-medium text-sale">{line.problem}</p> : null}
      </div>
      <p className="tabular-nums">{formatNaira(line.lineTotalKobo)}</p>
    </li>
  );
}
