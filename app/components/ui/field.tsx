import { forwardRef, useId } from 'react';
import { cn } from '../../lib/cn';

export const inputClasses =
  'block h-11 w-full rounded-sm border border-line bg-white px-3 text-sm text-ink placeholder:text-muted focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none aria-[invalid=true]:border-sale';

type FieldProps = React.InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

/** A labelled input whose error is tied to it for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, className, id, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy =
    [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-xs font-medium tracking-wide text-ink-soft uppercase">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses}
        {...props}
      />
      {hint && !error ? (
        <p id={`${inputId}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-xs text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
});

type SelectFieldProps = React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
};

/** A labelled choice whose error is tied to it for screen readers. */
export function SelectField({ label, error, className, id, children, ...props }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={selectId} className="block text-xs font-medium tracking-wide text-ink-soft uppercase">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={inputClasses}
        {...props}
      >
        {children}
      </select>
      {error ? (
        <p id={`${selectId}-error`} role="alert" className="text-xs text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
