import { Field } from '../../components/ui/field';

/** A new password and its confirmation, as sign-up, a password reset and a staff invitation ask them. */
export function NewPasswordFields({
  errors,
  labels = { password: 'Password', confirm: 'Confirm password' },
}: {
  errors: { password?: string | undefined; confirmPassword?: string | undefined };
  labels?: { password: string; confirm: string };
}) {
  return (
    <>
      <Field
        label={labels.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters"
        error={errors.password}
      />
      <Field
        label={labels.confirm}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
