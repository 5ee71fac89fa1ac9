/** One five-point star, used as a repeating mask so a rating is two elements instead of five SVGs. */
const STAR = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'/%3E%3C/svg%3E")`;

export function Stars({
  rating,
  size = 14,
  className,
}: {
  rating: number;
  size?: number;
  className?: string;
}) {
  const mask: React.CSSProperties = {
    maskImage: STAR,
    WebkitMaskImage: STAR,
    maskSize: `${size}px ${size}px`,
    WebkitMaskSize: `${size}px ${size}px`,
    maskRepeat: 'repeat-x',
    WebkitMaskRepeat: 'repeat-x',
  };
  const filled = `${(Math.max(0, Math.min(5, rating)) / 5) * 100}%`;
  return (
    <span className={className} role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      <span
        aria-hidden="true"
        className="relative inline-block align-middle"
        style={{ width: size * 5, height: size }}
      >
        <span className="absolute inset-0 bg-line" style={mask} />
        <span className="absolute inset-y-0 left-0 bg-gold" style={{ ...mask, width: filled }} />
      </span>
    </span>
  );
}
