import { Check, Circle, Clock, PackageX } from 'lucide-react';
import type { OrderStatusId } from '../../../contracts/checkout-texts';
import type { OrderEventView } from '../../../core/orders/order-view';
import { cn } from '../../lib/cn';
import { LAGOS_TIME_ZONE } from '../../../contracts/lagos-time';

const lagosDate = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: LAGOS_TIME_ZONE,
});
const lagosDateTime = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: LAGOS_TIME_ZONE,
});

/**
 * A date as Lagos reads it. The server's and the browser's ICU may word it slightly differently, so
 * the browser's wording wins quietly rather than as a hydration error.
 */
export function OrderDate({
  iso,
  withTime = false,
  className,
}: {
  iso: string;
  withTime?: boolean;
  className?: string;
}) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {(withTime ? lagosDateTime : lagosDate).format(date)}
    </time>
  );
}

const statusTones: Record<OrderStatusId, string> = {
  awaiting_payment: 'border-warning/40 bg-warning/5 text-warning',
  processing: 'border-ink/15 bg-cream text-ink',
  shipped: 'border-gold/50 bg-paper text-gold-deep',
  delivered: 'border-success/30 bg-success/10 text-success',
  ready_for_pickup: 'border-gold/50 bg-paper text-gold-deep',
  picked_up: 'border-success/30 bg-success/10 text-success',
  cancelled: 'border-sale/30 bg-sale/5 text-sale',
};

export function OrderStatusBadge({
  status,
  label,
  className,
}: {
  status: OrderStatusId;
  label: string;
  className?: string;
}) {
  return (
    <span
      data-testid="order-status"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusTones[status],
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}

const deliverySteps: readonly { status: OrderStatusId; label: string }[] = [
  { status: 'processing', label: 'Processing' },
  { status: 'shipped', label: 'Shipped' },
  { status: 'delivered', label: 'Delivered' },
];

/** A pickup order is never shipped: it waits at the shop, then its shopper collects it. */
const pickupSteps: readonly { status: OrderStatusId; label: string }[] = [
  { status: 'processing', label: 'Processing' },
  { status: 'ready_for_pickup', label: 'Ready for pickup' },
  { status: 'picked_up', label: 'Picked up' },
];

type StepState = 'completed' | 'current' | 'upcoming';

function stepStates(steps: readonly { status: OrderStatusId }[], status: OrderStatusId): StepState[] {
  const reached = steps.findIndex((step) => step.status === status);
  if (reached === -1) return steps.map(() => 'upcoming');
  return steps.map((_, index) =>
    index < reached || ((status === 'delivered' || status === 'picked_up') && index === reached)
      ? 'completed'
      : index === reached
        ? 'current'
        : 'upcoming',
  );
}

const stateText: Record<StepState, string> = {
  completed: 'Completed',
  current: 'In Progress',
  upcoming: 'Pending',
};

/** Processing 0 %, Shipped 50 %, Delivered 100 %: earlier steps Completed, the current one In Progress. */
export function OrderProgress({
  status,
  progress,
  pickup = false,
  className,
}: {
  status: OrderStatusId;
  progress: number;
  /** Collected from the shop: its steps are Ready for pickup and Picked up. */
  pickup?: boolean;
  className?: string;
}) {
  const steps =
    pickup || status === 'ready_for_pickup' || status === 'picked_up' ? pickupSteps : deliverySteps;
  const states = stepStates(steps, status);
  return (
    <div className={className}>
      <div
        role="progressbar"
        aria-label="Order progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%`}
        className="relative mx-[calc(100%/6)] h-1 rounded-full bg-line"
      >
        <div
          className="absolute inset-y-0 left-0 rounded-full bg-gold-deep transition-[width] duration-500"
          style={{ width: `${progress}%` }}
        />
      </div>
      <ol className="-mt-3.5 grid grid-cols-3 text-center">
        {steps.map((step, index) => {
          const state = states[index] ?? 'upcoming';
          return (
            <li
              key={step.status}
              className="flex flex-col items-center gap-2"
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'relative flex size-6 items-center justify-center rounded-full border-2',
                  state === 'completed' && 'border-gold-deep bg-gold-deep text-white',
                  state === 'current' && 'border-gold-deep bg-paper text-gold-deep',
                  state === 'upcoming' && 'border-line bg-paper text-line',
                )}
              >
                {state === 'completed' ? (
                  <Check width={14} height={14} strokeWidth={3} />
                ) : (
                  <Circle width={8} height={8} fill="currentColor" />
                )}
              </span>
              <span className="text-sm font-medium text-ink">{step.label}</span>
              <span
                className={cn('text-xs', state === 'current' ? 'font-semibold text-gold-deep' : 'text-muted')}
              >
                {stateText[state]}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** 'Size M', but 'One Size' as it is. */
export function sizeLabel(size: string | null): string | null {
  if (!size) return null;
  return /size/i.test(size) ? size : `Size ${size}`;
}

/** Where the order stands when it is not on its way: waiting for payment, or cancelled. */
export function OrderStatusNotice({
  status,
  children,
}: {
  status: OrderStatusId;
  children?: React.ReactNode;
}) {
  if (status === 'cancelled') {
    return (
      <div className="flex gap-3 rounded-card border border-sale/30 bg-sale/5 p-4 text-sm" role="status">
        <PackageX width={20} height={20} aria-hidden="true" className="shrink-0 text-sale" />
        <div>
          <p className="font-semibold text-sale">This order has been cancelled.</p>
          <p className="mt-1 text-ink-soft">
            Nothing will be sent. If you paid for it, your money is returned to you; ask us if you have any
            questions.
          </p>
          {children}
        </div>
      </div>
    );
  }
  if (status === 'awaiting_payment') {
    return (
      <div
        className="flex gap-3 rounded-card border border-warning/40 bg-warning/5 p-4 text-sm"
        role="status"
      >
        <Clock width={20} height={20} aria-hidden="true" className="shrink-0 text-warning" />
        <div className="min-w-0">
          <p className="font-semibold text-warning">This order is waiting for payment.</p>
          <div className="mt-1 space-y-2 text-ink-soft">{children}</div>
        </div>
      </div>
    );
  }
  return null;
}

/** What happened to the order, newest first: the status, the note recorded with it, and when. */
export function OrderTimeline({ events }: { events: OrderEventView[] }) {
  if (events.length === 0) return <p className="text-sm text-muted">No updates yet.</p>;
  const newestFirst = [...events].reverse();
  return (
    <ol className="relative space-y-6 border-l border-line pl-6" data-testid="order-timeline">
      {newestFirst.map((event, index) => (
        <li key={`${event.at}-${index}`} className="relative">
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-1 -left-[1.8rem] size-2.5 rounded-full ring-4 ring-paper',
              index === 0 ? 'bg-gold-deep' : 'bg-sand',
            )}
          />
          <p className="text-sm font-semibold text-ink">{event.label}</p>
          {event.note ? <p className="mt-0.5 text-sm text-ink-soft">{event.note}</p> : null}
          <p className="mt-1 text-xs text-muted">
            <OrderDate iso={event.at} withTime />
            {event.by ? <span data-testid="event-by"> · by {event.by}</span> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
