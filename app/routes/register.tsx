import { isStaffRole } from '../../contracts/roles';
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { signUp } from '../../core/accounts/sign-up';
import { Button, ButtonLink } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { NewPasswordFields } from '../features/account/new-password-fields';
import { AuthLayout, FormAlert } from '../features/account/auth-layout';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/register';

export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect(isStaffRole(context.user.role) ? '/admin' : '/profile');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('terms') !== 'on') {
    return {
      ok: false as const,
      error: 'Please accept the Terms and Privacy Policy to continue',
      fields: { terms: 'Please accept the Terms and Privacy Policy' },
    };
  }
  try {
    const { email, message } = await signUp(
      context.services.accounts,
      {
        name: formText(form, 'name'),
        email: formText(form, 'email'),
        password: formText(form, 'password'),
        confirmPassword: formText(form, 'confirmPassword'),
      },
      context.client,
    );
    return { ok: true as const, email, message, error: null, fields: {} };
  } catch (error) {
    return formFailure(error, 'Failed to create an account');
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Create Account',
    description: 'Create your Rossy account.',
    path: '/register',
    ...rootMeta(matches),
  });
}

export default function RegisterPage() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const fields: Record<string, string | undefined> = result?.fields ?? {};
  if (result?.ok) {
    return (
      <AuthLayout title="Check your inbox">
        <FormAlert message={result.message} tone="success" />
        <p className="text-sm text-ink-soft">
          Open the e-mail we sent to <strong className="text-ink">{result.email}</strong> and follow its link
          to confirm your address. That finishes creating your account and signs you in; until then you cannot
          sign in with this address. The link works once, for 48 hours. If nothing arrives in a few minutes,
          check your spam folder (signing in with your new password sends the link again).
        </p>
        <p className="mt-3 text-sm text-ink-soft">
          Already have an account with this address? The e-mail tells you how to sign in or reset your
          password.
        </p>
        <ButtonLink to="/" variant="outline" className="mt-6 w-full">
          Continue shopping
        </ButtonLink>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Create your account"
      intro="Faster checkout, order tracking and your wishlist on every device."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-ink underline underline-offset-4">
            Sign in
          </Link>
        </>
      }
    >
      <FormAlert message={result?.error} />
      <Form method="post" className="space-y-5" noValidate>
        <Field label="Full name" name="name" autoComplete="name" required error={fields.name} />
        <Field label="Email" name="email" type="email" autoComplete="email" required error={fields.email} />
        <NewPasswordFields errors={fields} />
        <div>
          <label className="flex items-start gap-3 text-sm text-ink-soft">
            <input
              type="checkbox"
              name="terms"
              required
              className="mt-0.5 h-4 w-4 accent-ink"
              aria-describedby={fields.terms ? 'terms-error' : undefined}
            />
            <span>
              I agree to the{' '}
              <Link to="/terms" className="text-ink underline underline-offset-2">
                Terms and Conditions
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" className="text-ink underline underline-offset-2">
                Privacy Policy
              </Link>
              .
            </span>
          </label>
          {fields.terms ? (
            <p id="terms-error" className="mt-1 text-xs text-sale">
              {fields.terms}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create Account'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
