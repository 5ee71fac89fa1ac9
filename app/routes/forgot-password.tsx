import { Form, Link, useActionData, useNavigation } from 'react-router';
import { FORGOT_PASSWORD_MESSAGE } from '../../contracts/account-texts';
import { requestPasswordReset } from '../../core/accounts/password-reset';
import { Button, ButtonLink } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { AuthLayout, FormAlert } from '../features/account/auth-layout';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/forgot-password';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await requestPasswordReset(context.services.accounts, { email: formText(form, 'email') }, context.client);
    return { ok: true as const, error: null, fields: {} };
  } catch (error) {
    return formFailure(error, 'Please enter a valid email address');
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Forgot Password',
    description: 'Reset your Rossy password.',
    path: '/forgot-password',
    ...rootMeta(matches),
  });
}

export default function ForgotPasswordPage() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  if (result?.ok) {
    return (
      <AuthLayout title="Check your inbox">
        <FormAlert message={FORGOT_PASSWORD_MESSAGE} tone="success" />
        <p className="text-sm text-ink-soft">
          The link works once, for one hour. If nothing arrives, check your spam folder or ask again.
        </p>
        <ButtonLink to="/login" variant="outline" className="mt-6 w-full">
          Back to Login
        </ButtonLink>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter the e-mail you signed up with and we will send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-medium text-ink underline underline-offset-4">
          Back to Login
        </Link>
      }
    >
      <FormAlert message={result?.error} />
      <Form method="post" className="space-y-5">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={result?.fields?.email}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Sending…' : 'Send Reset Link'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
