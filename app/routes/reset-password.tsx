import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { resetPassword } from '../../core/accounts/password-reset';
import { Button } from '../components/ui/button';
import { NewPasswordFields } from '../features/account/new-password-fields';
import { AuthLayout, FormAlert } from '../features/account/auth-layout';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/reset-password';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await resetPassword(
      context.services.accounts,
      {
        token: formText(form, 'token'),
        password: formText(form, 'password'),
        confirmPassword: formText(form, 'confirmPassword'),
      },
      context.client,
    );
    return redirect('/login?notice=reset', { headers: { 'Set-Cookie': context.services.cookies.clear() } });
  } catch (error) {
    return formFailure(error, 'This reset link is invalid or has expired.');
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Choose a New Password',
    description: 'Set a new password for your Rossy account.',
    ...rootMeta(matches),
  });
}

export default function ResetPasswordPage() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const fields: Record<string, string | undefined> = result?.fields ?? {};
  return (
    <AuthLayout
      title="Choose a new password"
      intro="Your new password ends every other session of your account."
      footer={
        <Link to="/forgot-password" className="font-medium text-ink underline underline-offset-4">
          Ask for a new link
        </Link>
      }
    >
      <FormAlert
        message={
          token
            ? result?.error
            : 'This reset link is incomplete. Please open the link from your e-mail again.'
        }
      />
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          errors={fields}
          labels={{ password: 'New password', confirm: 'Confirm new password' }}
        />
        <Button type="submit" className="w-full" disabled={busy || !token}>
          {busy ? 'Saving…' : 'Reset Password'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
