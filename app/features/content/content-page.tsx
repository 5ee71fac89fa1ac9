import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

export interface ContentLink {
  to: string;
  label: string;
}

/**
 * A long-form page of the shop (policies, help, the story): breadcrumb, a title with its lead,
 * a table of contents on wide screens when there are sections, and links onward at the end.
 */
export function ContentPage({
  eyebrow,
  title,
  lead,
  sections = [],
  links = [],
  children,
  wide = false,
}: {
  eyebrow: string;
  title: string;
  lead?: React.ReactNode;
  sections?: readonly { id: string; title: string }[];
  links?: readonly ContentLink[];
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="container-shop py-10 lg:py-16">
      <Breadcrumb current={title} />
      <header className={cn('mt-6 max-w-3xl', !wide && sections.length === 0 && 'mx-auto max-w-2xl')}>
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-2 text-display-lg">{title}</h1>
        {lead ? <div className="mt-4 text-lg leading-relaxed text-ink-soft">{lead}</div> : null}
      </header>
      <div
        className={cn(
          'mt-10',
          sections.length > 0 && 'lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-16',
          !wide && sections.length === 0 && 'mx-auto max-w-2xl',
        )}
      >
        {sections.length > 0 ? (
          <nav aria-label="On this page" className="hidden lg:block">
            <div className="sticky top-24">
              <p className="eyebrow mb-3">On this page</p>
              <ol className="space-y-2 border-l border-line text-sm">
                {sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="-ml-px block border-l border-transparent pl-4 text-ink-soft hover:border-ink hover:text-ink"
                    >
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
        ) : null}
        <div className="min-w-0 max-w-3xl">
          {children}
          {links.length > 0 ? (
            <ul className="mt-12 flex flex-wrap gap-3 border-t border-line pt-8">
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
      </div>
    </div>
  );
}

export function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex items-center gap-1.5 text-xs text-muted">
        <li>
          <Link to="/" className="hover:text-ink hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight width={12} height={12} />
        </li>
        <li aria-current="page" className="text-ink-soft">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/** One titled part of a long-form page, reachable by its anchor. */
export function ContentSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-28 border-t border-line py-8 first:border-t-0 first:pt-0"
    >
      <h2 id={`${id}-title`} className="text-display-md">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-ink-soft [&_a]:text-ink [&_a]:underline [&_a]:underline-offset-4 [&_h3]:mt-6 [&_h3]:font-sans [&_h3]:text-base [&_h3]:font-semibold [&_h3]:tracking-normal [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}
