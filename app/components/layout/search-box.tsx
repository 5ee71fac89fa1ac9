import { Search } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/cn';

/** Goes to /search?q=…; an empty or blank query does nothing. */
export function SearchBox({
  id,
  className,
  onSearched,
  autoFocus,
}: {
  id: string;
  className?: string;
  onSearched?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  return (
    <form
      role="search"
      action="/search"
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        const query = text.trim();
        if (!query) return;
        setText('');
        onSearched?.();
        void navigate(`/search?q=${encodeURIComponent(query)}`);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="q"
        type="search"
        value={text}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search bags, suits, shirts…"
        autoComplete="off"
        className="h-10 w-full rounded-full border border-line bg-white pr-10 pl-4 text-sm placeholder:text-muted focus:border-ink focus:outline-none"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1/2 right-1 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-ink-soft hover:text-ink"
      >
        <Search width={17} height={17} strokeWidth={1.75} />
      </button>
    </form>
  );
}
