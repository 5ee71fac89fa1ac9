import { useEffect, useState } from 'react';

function remaining(endsAt: number, now: number) {
  const total = Math.max(0, Math.floor((endsAt - now) / 1000));
  return {
    total,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * Time left until `endsAt`, ticking every second, down to zero (then `onEnded`). The server renders
 * the figure it knows; the browser takes over after hydration.
 */
export function Countdown({
  endsAt,
  renderedAt,
  onEnded,
  tone = 'dark',
}: {
  endsAt: string;
  renderedAt: number;
  onEnded?: () => void;
  tone?: 'dark' | 'light';
}) {
  const end = new Date(endsAt).getTime();
  const [now, setNow] = useState(renderedAt);
  const left = remaining(end, now);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left.total === 0) onEnded?.();
  }, [left.total, onEnded]);

  const units = [
    { label: 'Days', value: left.days },
    { label: 'Hours', value: left.hours },
    { label: 'Minutes', value: left.minutes },
    { label: 'Seconds', value: left.seconds },
  ];
  return (
    <div
      role="timer"
      aria-label={`${left.days} days, ${left.hours} hours and ${left.minutes} minutes left`}
      className="flex gap-2 sm:gap-3"
    >
      {units.map((unit) => (
        <div
          key={unit.label}
          className={`flex min-w-14 flex-col items-center rounded-sm px-2 py-2 sm:min-w-16 ${tone === 'dark' ? 'bg-paper/10 text-paper' : 'bg-white text-ink shadow-sm'}`}
        >
          <span
            className="font-display text-3xl leading-none font-semibold tabular-nums"
            suppressHydrationWarning
          >
            {String(unit.value).padStart(2, '0')}
          </span>
          <span className="mt-1 text-[0.625rem] tracking-[0.16em] uppercase opacity-80">{unit.label}</span>
        </div>
      ))}
    </div>
  );
}
