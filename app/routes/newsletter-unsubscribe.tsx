import { MailX } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { InvalidLinkPanel, LinkActionNotice } from '../components/link-page-parts';
import { isAppError } from '../../core/errors';
import {
  getSubscriptionState,
  isValidUnsubscribeToken,
  resubscribeWithToken,
  unsubscribeFromNewsletter,
} from '../../core/newsletter/unsubscribe';
import { unsubscribeTexts } from '../../contracts/newsletter-unsubscribe';
import { Button, ButtonLink } from '../components/ui/button';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/newsletter-unsubscribe';

function linkParams(url: URL | FormData) {
  const get = (name: string) => (url instanceof URL ? url.searchParams.get(name) : formText(url, name)) ?? '';
  return { email: get('email').trim().slice(0, 254), token: get('token').trim().slice(0, 100) };
}

/** The unsubscribe link of a newsletter mail: a confirm page, never a change on a mere visit (mail scanners follow links). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email, token } = linkParams(new URL(request.url));
  const db = context.services.db;
  if (!(await isValidUnsubscribeToken(db, email, token)))
    return { valid: false as const, email: '', token: '', state: null };
  return { valid: true as const, email, token, state: await getSubscriptionState(db, email, token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { email, token } = linkParams(form);
  const db = context.services.db;
  try {
    if (formText(form, 'intent') === 'resubscribe') {
      await resubscribeWithToken(db, email, token);
      return { ok: true as const, state: 'subscribed' as const, message: unsubscribeTexts.again };
    }
    await unsubscribeFromNewsletter(db, email, token);
    return { ok: true as const, state: 'unsubscribed' as const, message: unsubscribeTexts.done };
  } catch (error) {
    if (isAppError(error)) return formFailure(error, unsubscribeTexts.invalid);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Newsletter',
    description: 'Manage your Rossy newsletter subscription.',
    noindex: true,
    ...rootMeta(matches),
  });
}

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { valid, email, token } = loaderData;
  const state = actionData?.ok ? actionData.state : loaderData.state;

  return (
    <section className="container-shop flex justify-center py-14 lg:py-20">
      <div className="w-full max-w-lg text-center">
        <p className="eyebrow">The Rossy letter</p>
        {!valid ? (
          <InvalidLinkPanel message={unsubscribeTexts.invalid} />
        ) : (
          <>
            <h1 className="mt-2 text-display-md sm:text-display-lg">
              {state === 'subscribed' ? unsubscribeTexts.confirmTitle : 'You are unsubscribed'}
            </h1>
            <LinkActionNotice result={actionData} />
            <p className="mx-auto mt-4 max-w-md text-sm text-ink-soft">
              {state === 'subscribed' ? (
                <>
                  <span className="font-medium text-ink">{email}</span> will no longer receive new arrivals,
                  private sales and styling notes. Order e-mails are not affected.
                </>
              ) : (
                <>
                  <span className="font-medium text-ink">{email}</span> is not on our newsletter list. Changed
                  your mind? You can join again at any time.
                </>
              )}
            </p>
            <Form method="post" className="mt-8 flex flex-wrap justify-center gap-3">
              <input type="hidden" name="email" value={email} />
              <input type="hidden" name="token" value={token} />
              {state === 'subscribed' ? (
                <Button type="submit" name="intent" value="unsubscribe" disabled={busy}>
                  <MailX width={16} height={16} aria-hidden="true" /> Unsubscribe
                </Button>
              ) : (
                <Button type="submit" name="intent" value="resubscribe" variant="outline" disabled={busy}>
                  Subscribe again
                </Button>
              )}
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
