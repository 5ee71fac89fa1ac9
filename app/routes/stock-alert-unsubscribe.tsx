import { BellOff } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { InvalidLinkPanel, LinkActionNotice } from '../components/link-page-parts';
import { isAppError } from '../../core/errors';
import {
  isValidStockAlertToken,
  stockAlertLinkState,
  stopAllStockAlerts,
  stopStockAlert,
  type StockAlertLink,
} from '../../core/catalog/stock-alerts';
import { stockAlertTexts } from '../../contracts/stock-alerts';
import { Button, ButtonLink } from '../components/ui/button';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/stock-alert-unsubscribe';

function linkOf(source: URL | FormData): StockAlertLink {
  const get = (name: string) =>
    (source instanceof URL ? source.searchParams.get(name) : formText(source, name)) ?? '';
  const alert = Number(get('alert').trim().slice(0, 12));
  return {
    email: get('email').trim().slice(0, 254),
    token: get('token').trim().slice(0, 100),
    alert: Number.isSafeInteger(alert) && alert > 0 ? alert : null,
  };
}

/**
 * The link of a back-in-stock mail: a page that shows what the address waits for and stops it on a
 * button, never on a mere visit (mail scanners follow links). Stopping twice is the same as once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = linkOf(new URL(request.url));
  const db = context.services.db;
  if (!(await isValidStockAlertToken(db, link.email, link.token)))
    return { valid: false as const, link: null, state: null };
  return { valid: true as const, link, state: await stockAlertLinkState(db, link) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const link = linkOf(form);
  const db = context.services.db;
  try {
    if (formText(form, 'intent') === 'stop-all') {
      await stopAllStockAlerts(db, link);
      return { ok: true as const, message: stockAlertTexts.stoppedAll };
    }
    await stopStockAlert(db, link);
    return { ok: true as const, message: stockAlertTexts.stoppedOne };
  } catch (error) {
    if (isAppError(error)) return formFailure(error, stockAlertTexts.invalidLink);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Stock alerts',
    description: 'Stop the e-mails that tell you when a size is back in stock.',
    noindex: true,
    ...rootMeta(matches),
  });
}

const items = (count: number) => (count === 1 ? '1 size or colour' : `${count} sizes or colours`);

export default function StockAlertUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { valid, link, state } = loaderData;

  return (
    <section className="container-shop flex justify-center py-14 lg:py-20">
      <div className="w-full max-w-lg text-center">
        <p className="eyebrow">Back in stock</p>
        {!valid || !link || !state ? (
          <InvalidLinkPanel message={stockAlertTexts.invalidLink} />
        ) : (
          <>
            <h1 className="mt-2 text-display-md sm:text-display-lg">
              {state.alert?.state === 'waiting'
                ? 'Stop this stock alert?'
                : state.waiting > 0
                  ? 'Stop your stock alerts?'
                  : 'No stock alerts are waiting'}
            </h1>
            <LinkActionNotice result={actionData} />
            <div className="mx-auto mt-4 max-w-md space-y-2 text-sm text-ink-soft">
              {state.alert ? (
                <p>
                  {state.alert.state === 'sent' ? 'We e-mailed ' : 'We will e-mail '}
                  <span className="break-all font-medium text-ink">{state.email}</span>
                  {' when '}
                  <span className="font-medium text-ink">
                    {state.alert.productName}
                    {state.alert.label ? ` in ${state.alert.label}` : ''}
                  </span>
                  {state.alert.state === 'sent' ? ' came back. That alert is done.' : ' is back in stock.'}
                </p>
              ) : null}
              <p>
                {state.waiting > 0 ? (
                  <>
                    <span className="break-all font-medium text-ink">{state.email}</span> is waiting for{' '}
                    {items(state.waiting)} in all. Each sends one e-mail when it is back, then stops by
                    itself.
                  </>
                ) : (
                  <>
                    <span className="break-all font-medium text-ink">{state.email}</span> is not waiting for
                    anything: we will not send it any stock alert.
                  </>
                )}
              </p>
            </div>
            <Form method="post" className="mt-8 flex flex-wrap justify-center gap-3">
              <input type="hidden" name="email" value={link.email} />
              <input type="hidden" name="token" value={link.token} />
              <input type="hidden" name="alert" value={link.alert ?? ''} />
              {state.alert?.state === 'waiting' ? (
                <Button type="submit" name="intent" value="stop-one" disabled={busy}>
                  <BellOff width={16} height={16} aria-hidden="true" /> Stop this alert
                </Button>
              ) : null}
              {state.waiting > 0 ? (
                <Button
                  type="submit"
                  name="intent"
                  value="stop-all"
                  variant={state.alert?.state === 'waiting' ? 'outline' : 'primary'}
                  disabled={busy}
                >
                  {state.alert?.state === 'waiting' ? null : (
                    <BellOff width={16} height={16} aria-hidden="true" />
                  )}
                  Stop all my stock alerts
                </Button>
              ) : null}
              <ButtonLink to="/products" variant="ghost">
                Continue Shopping
              </ButtonLink>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
