type Errors = Record<string, string>;

/**
 * Settings → Staff sign-in: whether staff may use the admin area with a password alone, or must
 * have two-step sign-in on. The owner turns hers on first (the shop refuses otherwise), so requiring
 * it never locks her out.
 */
export function SecuritySettings({
  staffTwoFactor,
  errors,
}: {
  staffTwoFactor: 'optional' | 'required';
  errors: Errors;
}) {
  const options = [
    { value: 'optional', label: 'Optional', hint: 'Each staff member chooses under Profile → Security.' },
    {
      value: 'required',
      label: 'Required for all staff',
      hint: 'Staff without it on are sent to their profile to turn it on before they can use the admin area.',
    },
  ] as const;
  return (
    <fieldset
      className="space-y-3"
      aria-describedby={errors.staffTwoFactor ? 'staff-two-factor-error' : undefined}
    >
      <legend className="text-xs font-medium tracking-wide text-ink-soft uppercase">Two-step sign-in</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-start gap-3 text-sm">
          <input
            type="radio"
            name="staffTwoFactor"
            value={option.value}
            defaultChecked={staffTwoFactor === option.value}
            className="mt-1"
          />
          <span>
            <span className="font-medium">{option.label}</span>
            <span className="block text-muted">{option.hint}</span>
          </span>
        </label>
      ))}
      {errors.staffTwoFactor ? (
        <p id="staff-two-factor-error" className="text-xs text-sale">
          {errors.staffTwoFactor}
        </p>
      ) : null}
    </fieldset>
  );
}
