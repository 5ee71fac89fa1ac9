/** A rating as two elements masked by a repeating star (the `star-mask` utility in app.css) instead of five SVGs. */
export function Stars({
  rating,
  size = 14,
  className,
}: {
  rating: number;
  size?: number;
  className?: string;
}) {
  const filled = `${(Math.max(0, Math.min(5, rating)) / 5) * 100}%`;
  return (
    <span className={className} role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      <span
        aria-hidden="true"
        className="relative inline-block align-middle"
        style={{ width: size * 5, height: size, ['--star-size' as string]: `${size}px` }}
      >
        <span className="star-mask absolute inset-0 bg-line" />
        <span className="star-mask absolute inset-y-0 left-0 bg-gold" style={{ width: filled }} />
      </span>
    </span>
  );
}
