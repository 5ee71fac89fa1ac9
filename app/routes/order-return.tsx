import { ArrowLeft, CalendarClock, CheckCircle2, Info } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { data, Link, useNavigation, useSearchParams } from 'react-router';
import { isAppError, type FieldErrors } from '../../core/errors';
import { requestReturn } from '../../core/returns/request';
import { listOrderReturns, returnableLines, type ReturnView } from '../../core/returns/views';
import { OrderDate } from '../components/orders/order-status';
import { OrderErrorPage } from '../components/orders/order-error';
import { ButtonLink } from '../components/ui/button';
import {
  exchangePieces,
  formFieldsOf,
  readReturnForm,
  returnRequestOf,
} from '../features/orders/return-form.server';
import { ReturnForm } from '../features/orders/return-form';
import type { ReturnFormValues } from '../features/orders/return-form-values';
import { ReturnList, ReturnStatusBadge } from '../features/orders/return-summary';
import { nextSteps, orderPageHref } from '../features/orders/return-texts';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/order-return';

/**
 * /orders/:orderId/return: a shopper asks to send pieces of a delivered order back, for her money or
 * another size or colour. Reached signed in, or with the order link's key, like the order page; to
 * anyone else the order does not exist. Outside the window the page says why, and shows no form.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('key');
  const viewer = { user: context.user, key };
  const db = context.services.db;
  try {
    const returnable = await returnableLines(db, params.orderId, viewer);
    const [returns, pieces] = await Promise.all([
      listOrderReturns(db, returnable.orderNumber, viewer),
      returnable.windowOpen ? exchangePieces(db, returnable) : {},
    ]);
    return { returnable, returns, pieces };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw data('Order not found', { status: 404 });
    throw error;
  }
}

type ActionResult =
  | { ok: true; view: ReturnView; created: boolean }
  | { ok: false; error: string; fields: FieldErrors; values: ReturnFormValues | null };

export async function action({ params, request, context }: Route.ActionArgs) {
  const key = new URL(request.url).searchParams.get('key');
  const viewer = { user: context.user, key };
  const db = context.services.db;
  const refused = (status: number, result: Omit<Extract<ActionResult, { ok: false }>, 'ok'>) =>
    data<ActionResult>({ ok: false, ...result }, { status });
  let returnable;
  try {
    returnable = await returnableLines(db, params.orderId, viewer);
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw data('Order not found', { status: 404 });
    throw error;
  }
  const values = readReturnForm(await request.formData(), returnable);
  const asked = returnRequestOf(values, returnable, key);
  if ('fields' in asked) return refused(422, { error: asked.error, fields: asked.fields, values });
  try {
    const { view, created } = await requestReturn(
      context.services.orders,
      returnable.orderNumber,
      asked.raw,
      viewer,
    );
    return { ok: true, view, created } satisfies ActionResult;
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === 'NOT_FOUND') throw data('Order not found', { status: 404 });
    return refused(error.status, {
      error: error.message || 'Your request could not be sent. Please try again.',
      fields: formFieldsOf(error.fields ?? {}, asked.lineIds),
      values,
    });
  }
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  return pageMeta({
    title: loaded ? `Return or exchange · ${loaded.returnable.orderNumber}` : 'Order Not Found',
    description: 'Send pieces of your Rossy order back, for your money or another size or colour.',
    noindex: true,
    ...rootMeta(matches),
  });
}

function Notice({ tone, children }: { tone: 'info' | 'closed'; children: React.ReactNode }) {
  return (
    <div
      role="status"
      className={
        tone === 'closed'
          ? 'flex gap-3 rounded-card border border-line bg-cream/60 p-4 text-sm text-ink-soft'
          : 'flex gap-3 rounded-card border border-gold/40 bg-paper p-4 text-sm text-ink-soft'
      }
    >
      {tone === 'closed' ? (
        <Info width={20} height={20} aria-hidden="true" className="shrink-0 text-ink-soft" />
      ) : (
        <CalendarClock width={20} height={20} aria-hidden="true" className="shrink-0 text-gold-deep" />
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** What she reads once the shop has her request: its number and what happens next. */
function Confirmation({ view, orderHref }: { view: ReturnView; orderHref: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the confirmation takes its place and the focus, so it is read at once.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="return-done-heading"
      className="rounded-card border border-success/30 bg-white p-5 sm:p-8"
      data-testid="return-confirmation"
    >
      <CheckCircle2 width={32} height={32} aria-hidden="true" className="text-success" />
      <h2 id="return-done-heading" ref={heading} tabIndex={-1} className="mt-3 text-3xl outline-none">
        We have your request
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
        Return number <strong className="font-mono text-ink">{view.number}</strong>
        <ReturnStatusBadge view={view} />
      </p>
      <h3 className="mt-6 font-sans text-sm font-semibold tracking-normal text-ink">What happens next</h3>
      <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-ink-soft">
        {nextSteps(view.resolution).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="mt-4 text-sm text-ink-soft">
        Please do not send anything before we approve the return. You can follow it on your order page.
      </p>
      <ButtonLink to={orderHref} className="mt-6 w-full sm:w-auto">
        Back to my order
      </ButtonLink>
    </section>
  );
}

export default function OrderReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { returnable, returns, pieces } = loaderData;
  const orderKey = useSearchParams()[0].get('key');
  const busy = useNavigation().state === 'submitting';
  const orderHref = orderPageHref(returnable.orderNumber, orderKey);
  const result = actionData;
  const failure = result && !result.ok ? result : null;
  const windowEndsAt = returnable.windowOpen ? returnable.windowEndsAt : null;
  const canAsk = windowEndsAt !== null && returnable.lines.some((line) => line.returnable > 0);
  const earlier = result?.ok ? returns.filter((view) => view.id !== result.view.id) : returns;

  return (
    <div className="container-shop py-8 lg:py-12">
      <Link to={orderHref} className="inline-flex items-center gap-1.5 text-sm text-ink-soft hover:text-ink">
        <ArrowLeft width={16} height={16} aria-hidden="true" />
        Back to order {returnable.orderNumber}
      </Link>
      <header className="mt-4 border-b border-line pb-6">
        <p className="eyebrow">Order {returnable.orderNumber}</p>
        <h1 className="mt-2 text-display-md sm:text-display-lg">Return or exchange</h1>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          {result?.ok ? (
            <Confirmation view={result.view} orderHref={orderHref} />
          ) : canAsk ? (
            <>
              <Notice tone="info">
                <p>
                  Window closes on{' '}
                  <strong className="text-ink">
                    <OrderDate iso={windowEndsAt} />
                  </strong>
                  . You can return pieces within {returnable.returnsDays} days of delivery.
                </p>
              </Notice>
              <ReturnForm
                lines={returnable.lines}
                pieces={pieces}
                submitted={failure?.values ?? null}
                fields={failure?.fields ?? {}}
                error={failure?.error ?? null}
                busy={busy}
              />
            </>
          ) : (
            <Notice tone="closed">
              <p className="font-semibold text-ink">This order cannot be returned now.</p>
              <p className="mt-1">
                {returnable.closedReason ??
                  'Everything in this order is already in a return. You can follow it below.'}
              </p>
              <p className="mt-2">
                Something wrong with a piece?{' '}
                <Link
                  to={`/contact?order=${encodeURIComponent(returnable.orderNumber)}`}
                  className="text-gold-deep underline underline-offset-4"
                >
                  Contact us
                </Link>{' '}
                and we will help.
              </p>
            </Notice>
          )}
        </div>

        <aside className="space-y-6" aria-label="About returns">
          {earlier.length > 0 ? (
            <section
              aria-labelledby="earlier-returns-heading"
              className="rounded-card border border-line bg-white p-5"
            >
              <h2 id="earlier-returns-heading" className="text-xl">
                Your returns for this order
              </h2>
              <div className="mt-4">
                <ReturnList returns={earlier} />
              </div>
            </section>
          ) : null}
          <section aria-labelledby="how-returns-heading" className="rounded-card bg-cream/60 p-5 text-sm">
            <h2 id="how-returns-heading" className="text-xl">
              How returns work
            </h2>
            <ul className="mt-3 list-disc space-y-1.5 pl-5 text-ink-soft">
              <li>Pieces come back unworn, with their tags.</li>
              <li>An exchange holds your new size or colour from the moment you ask.</li>
              <li>A refund goes back the way you paid, once your parcel reaches us.</li>
            </ul>
            <Link to="/shipping" className="mt-3 inline-block text-gold-deep underline underline-offset-4">
              Shipping &amp; returns
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <OrderErrorPage failedTitle="This page could not be shown" />;
}
