import { CheckCircle2 } from 'lucide-react';
import { ButtonLink } from './ui/button';

/** What a page opened from an e-mailed link shows when the link is not valid. */
export function InvalidLinkPanel({ message }: { message: string }) {
  return (
    <>
      <h1 className="mt-2 text-display-md sm:text-display-lg">This link is not valid</h1>
      <p className="mx-auto mt-4 max-w-md text-sm text-ink-soft">{message}</p>
      <ButtonLink to="/contact" variant="outline" className="mt-8">
        Contact Us
      </ButtonLink>
    </>
  );
}

/** The answer to the button of a page opened from an e-mailed link: done, or why not. */
export function LinkActionNotice({
  result,
}: {
  result: { ok: true; message: string } | { ok: false; error: string } | undefined;
}) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? 'status' : 'alert'}
      className={
        result.ok
          ? 'mx-auto mt-6 flex max-w-md items-start gap-3 rounded-sm border border-success/30 bg-success/5 px-4 py-3 text-left text-sm text-success'
          : 'mx-auto mt-6 max-w-md rounded-sm border border-sale/30 bg-sale/5 px-4 py-3 text-sm text-sale'
      }
    >
      {result.ok ? (
        <CheckCircle2 width={18} height={18} className="mt-0.5 shrink-0" aria-hidden="true" />
      ) : null}
      <span>{result.ok ? result.message : result.error}</span>
    </p>
  );
}
