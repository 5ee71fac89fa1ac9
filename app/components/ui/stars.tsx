import { Star } from 'lucide-react';

export function Stars({
  rating,
  size = 14,
  className,
}: {
  rating: number;
  size?: number;
  className?: string;
}) {
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span className={className} role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      <span className="inline-flex items-center gap-0.5" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((value) => (
          <Star
            key={value}
            width={size}
            height={size}
            strokeWidth={1.5}
            className={
              value <= rounded
                ? 'fill-gold text-gold'
                : value - 0.5 === rounded
                  ? 'fill-gold/50 text-gold'
                  : 'text-line'
            }
          />
        ))}
      </span>
    </span>
  );
}
