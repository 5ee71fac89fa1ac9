import { Search } from 'lucide-react';
import { Form } from 'react-router';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { labelClasses, selectClasses } from './admin-nav';

/**
 * A tab's search and filters: a GET form to /admin that keeps the tab, so the result is a shareable
 * address. The fields come as children; the Search button closes the row.
 */
export function FilterBar({
  tab,
  label,
  className,
  submitClassName,
  children,
}: {
  tab: string;
  /** The search landmark's accessible name: 'Order search'. */
  label: string;
  /** The grid of the row: its columns at each width. */
  className: string;
  submitClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="get"
      action="/admin"
      role="search"
      aria-label={label}
      className={cn('grid gap-3', className)}
    >
      <input type="hidden" name="tab" value={tab} />
      {children}
      <Button type="submit" className={cn('h-11', submitClassName)}>
        <Search width={16} height={16} aria-hidden="true" /> Search
      </Button>
    </Form>
  );
}

function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The free-text search box, sent as `q`. */
export function SearchField({
  id,
  label,
  defaultValue,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  defaultValue: string;
  placeholder: string;
  className?: string;
}) {
  return (
    <FilterField id={id} label={label} className={className}>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        className={inputClasses}
      />
    </FilterField>
  );
}

/** A select filter; its options (the 'all' one first) come as children. */
export function SelectField({
  id,
  name,
  label,
  defaultValue,
  className,
  children,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <FilterField id={id} label={label} className={className}>
      <select id={id} name={name} defaultValue={defaultValue} className={selectClasses}>
        {children}
      </select>
    </FilterField>
  );
}

/** A day filter (yyyy-mm-dd), e.g. From and To. */
export function DateField({
  id,
  name,
  label,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
}) {
  return (
    <FilterField id={id} label={label}>
      <input id={id} name={name} type="date" defaultValue={defaultValue} className={inputClasses} />
    </FilterField>
  );
}
