import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { acceptInvitation, peekInvitation, staffMessages } from '../../core/accounts/staff';
import { isAppError } from '../../core/errors';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { NewPasswordFields } from '../features/account/new-password-fields';
import { AuthLayout, FormAlert } from '../features/account/auth-layout';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/staff-invite';

/**
 * The link an owner's invitation e-mails. Opening it only reads the invitation (who, which role, until
 * when); the form's POST uses it once, makes or finishes the account, signs the person in and opens
 * the admin area. A link that is unknown, used, withdrawn or expired says so and leads home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    const invitation = await peekInvitation(context.services.accounts, token, context.client);
    return { stage: 'open' as const, token, invitation };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      { stage: 'invalid' as const, error: staffMessages.invitationInvalid },
      { status: error.status },
    );
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { session } = await acceptInvitation(
      context.services.accounts,
      {
        token: formText(form, 'token'),
        name: formText(form, 'name'),
        password: formText(form, 'password'),
        ...(form.has('confirmPassword') ? { confirmPassword: formText(form, 'confirmPassword') } : {}),
      },
      context.client,
    );
    // An account that already had its own password signs in the usual way (and with its second factor).
    if (!session) return redirect('/login?redirectTo=/admin');
    return redirect('/admin', { headers: { 'Set-Cookie': context.services.cookies.serialize(session) } });
  } catch (error) {
    return formFailure(error, staffMessages.invitationInvalid);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Join the staff',
    description: 'Accept an invitation to the Rossy staff.',
    ...rootMeta(matches),
  });
}

const homeLink = (
  <Link to="/" className="font-medium text-ink underline underline-offset-4">
    Back to the shop
  </Link>
);

export default function StaffInvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (loaderData.stage === 'invalid')
    return (
      <AuthLayout title="Invitation not valid" footer={homeLink}>
        <FormAlert message={loaderData.error} />
        <p className="text-sm text-ink-soft">Ask the shop&apos;s owner to send you a new invitation.</p>
      </AuthLayout>
    );
  const { invitation, token } = loaderData;
  const fields: Record<string, string | undefined> = actionData?.fields ?? {};
  return (
    <AuthLayout
      title={`Join Rossy as ${invitation.roleLabel}`}
      intro={`${invitation.invitedBy} invited you to the staff.`}
      footer={homeLink}
    >
      <FormAlert message={actionData?.error} />
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="token" value={token} />
        <Field label="Email" name="email" type="email" value={invitation.email} readOnly />
        {invitation.existingAccount ? (
          <p className="text-sm text-ink-soft">
            This address already has an account, and it keeps its password: join, then sign in with it.
          </p>
        ) : (
          <>
            <Field label="Name" name="name" autoComplete="name" required error={fields.name} />
            <NewPasswordFields errors={fields} />
          </>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Joining…' : 'Join the staff'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
