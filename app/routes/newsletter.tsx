import { Check } from 'lucide-react';
import { Form, useActionData, useNavigation } from 'react-router';
import type { NewsletterFormResult } from '../../contracts/newsletter';
import { getNewsletterOffer, subscribeToNewsletter } from '../../core/newsletter/subscribe';
import { Button, ButtonLink } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/newsletter';

/** Every newsletter form of the shop posts here: in place with JavaScript, as a page without it. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { message } = await subscribeToNewsletter(
      context.services.newsletter,
      { email: formText(form, 'email') },
      context.client,
    );
    return { ok: true, message } satisfies NewsletterFormResult;
  } catch (error) {
    return formFailure(error, 'Please enter a valid email address');
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  return { offer: await getNewsletterOffer(context.services.db) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: 'Newsletter',
      description: 'New arrivals, private sales and a welcome gift on your first order.',
      path: '/newsletter',
      ...rootMeta(matches),
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { offer } = loaderData;

  return (
    <section className="container-shop flex justify-center py-14 lg:py-20">
      <div className="w-full max-w-lg text-center">
        <p className="eyebrow">The Rossy letter</p>
        <h1 className="mt-2 text-display-lg">
          {result?.ok
            ? 'Welcome to the list'
            : offer
              ? `${offer.percent}% off your first order`
              : 'Join our list'}
        </h1>
        {result?.ok ? (
          <>
            <p className="mx-auto mt-6 flex max-w-md items-start gap-3 rounded-sm border border-success/30 bg-success/5 px-4 py-3 text-left text-sm text-success">
              <Check width={18} height={18} className="mt-0.5 shrink-0" aria-hidden="true" />
              <span role="status">{result.message}</span>
            </p>
            <ButtonLink to="/products" className="mt-8">
              Continue Shopping
            </ButtonLink>
          </>
        ) : (
          <>
            <p className="mx-auto mt-3 max-w-md text-sm text-ink-soft">
              New arrivals, private sales and styling notes from our Lagos studio
              {offer ? `, and ${offer.percent}% off your first order when you join.` : '.'}
            </p>
            <Form method="post" className="mx-auto mt-8 max-w-md space-y-4 text-left">
              <Field
                label="Email address"
                name="email"
                type="email"
                autoComplete="email"
                required
                error={result && !result.ok ? (result.fields.email ?? result.error) : undefined}
              />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? 'Subscribing…' : 'Subscribe'}
              </Button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
