import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/cn';

const SUGGEST_DELAY_MS = 150;

/**
 * The header search: suggestions from the catalog while typing (a combobox: arrows move, Enter
 * picks, Escape or a click outside closes). Choosing one or submitting goes to /search?q=… and
 * clears the box; blank text does nothing.
 */
export function SearchBox({
  id,
  className,
  onSearched,
}: {
  id: string;
  className?: string;
  onSearched?: () => void;
}) {
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const [focused, setFocused] = useState(false);
  const navigate = useNavigate();
  const root = useRef<HTMLFormElement>(null);
  const listId = useId();

  useEffect(() => {
    const query = text.trim();
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggestions?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) =>
          response.ok ? (response.json() as Promise<{ suggestions: string[] }>) : { suggestions: [] },
        )
        .then((body) => {
          setSuggestions(body.suggestions);
          setActive(-1);
        })
        .catch(() => {});
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setSuggestions([]);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);

  const go = (value: string) => {
    const query = value.trim();
    if (!query) return;
    setText('');
    setSuggestions([]);
    onSearched?.();
    void navigate(`/search?q=${encodeURIComponent(query)}`);
  };

  const open = focused && text.trim() !== '' && suggestions.length > 0;

  return (
    <form
      ref={root}
      role="search"
      aria-label="Products"
      action="/search"
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        go(active >= 0 ? (suggestions[active] ?? text) : text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="q"
        // A text input: the ARIA combobox role is not allowed on type="search" (the Nu HTML Checker
        // refuses it); the phone's keyboard still shows its Search key.
        type="text"
        inputMode="search"
        enterKeyHint="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (!event.target.value.trim()) setSuggestions([]);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (!open) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((index) => (index + 1) % suggestions.length);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
          } else if (event.key === 'Escape') {
            setSuggestions([]);
          }
        }}
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
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-60 overflow-y-auto rounded-sm border border-line bg-white py-1 shadow-lg"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Chosen on pointer down, before the input's blur would close the list.
            onPointerDown={(event) => {
              event.preventDefault();
              go(suggestion);
            }}
            className={cn(
              'cursor-pointer px-4 py-2 text-sm',
              index === active ? 'bg-cream text-ink' : 'text-ink-soft hover:bg-cream',
            )}
          >
            {suggestion}
          </li>
        ))}
      </ul>
    </form>
  );
}
