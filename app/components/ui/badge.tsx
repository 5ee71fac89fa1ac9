import { cn } from '../../lib/cn';

type Tone = 'sale' | 'new' | 'hot' | 'neutral' | 'gold' | 'success';

const tones: Record<Tone, string> = {
  sale: 'bg-sale text-white',
  new: 'bg-ink text-paper',
  hot: 'bg-gold-deep text-white',
  neutral: 'bg-cream text-ink',
  gold: 'border border-gold/50 text-gold-deep bg-paper',
  success: 'bg-success text-white',
};

export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: Tone;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-sm px-2 py-0.5 text-[0.6875rem] font-semibold tracking-wider uppercase',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** A small count on an icon: shown only above 0. The icon's own label carries the count for screen readers. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1.5 -right-2 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-gold-deep px-1 text-[0.625rem] leading-none font-semibold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
