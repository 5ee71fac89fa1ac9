import { Link } from 'react-router';

export interface SimplePageLink {
  to: string;
  label: string;
}

/** A plain titled page: used by routes whose full screens arrive with later work, so no link ever ends on the not-found page. */
export function SimplePage({
  eyebrow,
  title,
  children,
  links = [],
}: {
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
  links?: SimplePageLink[];
}) {
  return (
    <section className="container-shop py-14 lg:py-20">
      <div className="mx-auto max-w-2xl">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="mt-2 text-display-lg">{title}</h1>
        <div className="mt-6 space-y-4 leading-relaxed text-ink-soft">{children}</div>
        {links.length > 0 ? (
          <ul className="mt-8 flex flex-wrap gap-3">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex h-11 items-center rounded-sm border border-ink/80 px-5 text-sm font-medium tracking-wide uppercase hover:bg-ink hover:text-paper"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
