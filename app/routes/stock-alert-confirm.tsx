import { BellRing } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { InvalidLinkPanel, LinkActionNotice } from '../components/link-page-parts';
import { isAppError } from '../../core/errors';
import { confirmStockAlerts, stockAlertConfirmation } from '../../core/catalog/stock-alerts';
import { stockAlertTexts } from '../../contracts/stock-alerts';
import { Button, ButtonLink } from '../components/ui/button';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/stock-alert-confirm';

const tokenOf = (value: string | null | undefined) => (value ?? '').trim().slice(0, 100);

/**
 * The link of a stock alert's confirmation mail (decision 0034): a page that shows what the link
 * confirms and confirms it on a button, never on a mere visit (mail scanners follow links, and a
 * visit that confirmed would let them opt a stranger in). Confirming twice is the same as once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get('token'));
  const state = await stockAlertConfirmation(context.services.db, token);
  return state ? { valid: true as const, token, state } : { valid: false as const, token: null, state: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { message } = await confirmStockAlerts(context.services.db, tokenOf(formText(form, 'token')));
    return message === stockAlertTexts.full
      ? { ok: false as const, error: message }
      : { ok: true as const, message };
  } catch (error) {
    if (isAppError(error)) return formFailure(error, stockAlertTexts.invalidConfirmLink);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Confirm your stock alert',
    description: 'Confirm that we may e-mail you when a size is back in stock.',
    noindex: true,
    ...rootMeta(matches),
  });
}

export default function StockAlertConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { valid, token, state } = loaderData;
  const pending = state?.items.filter((item) => item.state === 'pending') ?? [];

  return (
    <section className="container-shop flex justify-center py-14 lg:py-20">
      <div className="w-full max-w-lg text-center">
        <p className="eyebrow">Back in stock</p>
        {!valid || !token || !state ? (
          <InvalidLinkPanel message={stockAlertTexts.invalidConfirmLink} />
        ) : (
          <>
            <h1 className="mt-2 text-display-md sm:text-display-lg">
              {pending.length > 0 ? 'Confirm your stock alert' : 'Your stock alert is on'}
            </h1>
            <LinkActionNotice result={actionData} />
            <ul className="mx-auto mt-4 max-w-md space-y-2 text-sm text-ink-soft">
              {state.items.map((item) => (
                <li key={item.id}>
                  <span className="font-medium text-ink">
                    {item.productName}
                    {item.label ? ` in ${item.label}` : ''}
                  </span>
                  {item.state === 'pending'
                    ? ': waiting for you to confirm.'
                    : ': confirmed. We will e-mail you once when it is back.'}
                </li>
              ))}
            </ul>
            <Form method="post" className="mt-8 flex flex-wrap justify-center gap-3">
              <input type="hidden" name="token" value={token} />
              {pending.length > 0 ? (
                <Button type="submit" disabled={busy}>
                  <BellRing width={16} height={16} aria-hidden="true" /> Confirm my alert
                </Button>
              ) : null}
              <ButtonLink to="/products" variant={pending.length > 0 ? 'ghost' : 'primary'}>
                Continue Shopping
              </ButtonLink>
            </Form>
            {pending.length > 0 ? (
              <p className="mx-auto mt-6 max-w-md text-xs text-muted">
                Did not ask for this? Close this page: nothing is sent unless you confirm.
              </p>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
