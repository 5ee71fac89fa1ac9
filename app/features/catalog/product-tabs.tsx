import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { reviewFitIds, reviewFitNames } from '../../../contracts/fit';
import type { ReviewPage } from '../../../contracts/catalog';
import { Button } from '../../components/ui/button';
import { Stars } from '../../components/ui/stars';
import { cn } from '../../lib/cn';
import { lagosLongDate } from '../../../contracts/figures';

export interface ReviewFormState {
  ok: boolean;
  error?: string | null;
  fields?: Record<string, string>;
}

interface ProductTabsProps {
  description: string;
  specs: Record<string, string>;
  reviews: ReviewPage;
  ratingAverage: number;
  signedIn: boolean;
  loginHref: string;
  reviewResult: ReviewFormState | undefined;
  /** The review form asks "How did it fit?" (a piece sold in a choice of sizes). */
  askFit?: boolean;
}

/** Description, Specifications and Reviews as WAI-ARIA tabs; the review form opens on demand for signed-in shoppers. */
export function ProductTabs({
  description,
  specs,
  reviews,
  ratingAverage,
  signedIn,
  loginHref,
  reviewResult,
  askFit = false,
}: ProductTabsProps) {
  const [active, setActive] = useState<'description' | 'specifications' | 'reviews'>(
    reviewResult ? 'reviews' : 'description',
  );
  const baseId = useId();
  const tabs = [
    { id: 'description' as const, label: 'Description' },
    { id: 'specifications' as const, label: 'Specifications' },
    { id: 'reviews' as const, label: `Reviews (${reviews.total})` },
  ];
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex((tab) => tab.id === active);
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    setActive(next.id);
    document.getElementById(`${baseId}-${next.id}`)?.focus();
  };

  return (
    <section className="mt-16">
      <div
        role="tablist"
        aria-label="Product information"
        className="flex gap-6 border-b border-line"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${baseId}-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={active === tab.id}
            aria-controls={`${baseId}-${tab.id}-panel`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => setActive(tab.id)}
            className={cn(
              '-mb-px border-b-2 py-3 text-sm font-medium tracking-wide',
              active === tab.id ? 'border-ink text-ink' : 'border-transparent text-muted hover:text-ink',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`${baseId}-${tab.id}-panel`}
          role="tabpanel"
          aria-labelledby={`${baseId}-${tab.id}`}
          hidden={active !== tab.id}
          className="py-8"
        >
          {tab.id === 'description' ? (
            <p className="max-w-3xl leading-relaxed text-ink-soft">{description}</p>
          ) : null}
          {tab.id === 'specifications' ? <Specifications specs={specs} /> : null}
          {tab.id === 'reviews' ? (
            <Reviews
              reviews={reviews}
              ratingAverage={ratingAverage}
              signedIn={signedIn}
              loginHref={loginHref}
              result={reviewResult}
              askFit={askFit}
            />
          ) : null}
        </div>
      ))}
    </section>
  );
}

function Specifications({ specs }: { specs: Record<string, string> }) {
  const rows = Object.entries(specs);
  if (rows.length === 0) return <p className="text-ink-soft">No specifications are listed for this piece.</p>;
  return (
    <dl className="max-w-2xl divide-y divide-line text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-[10rem_1fr] gap-4 py-3">
          <dt className="text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Reviews({
  reviews,
  ratingAverage,
  signedIn,
  loginHref,
  result,
  askFit,
}: {
  reviews: ReviewPage;
  ratingAverage: number;
  signedIn: boolean;
  loginHref: string;
  result: ReviewFormState | undefined;
  askFit: boolean;
}) {
  const [writing, setWriting] = useState(Boolean(result && !result.ok));
  return (
    <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
      {/* The reviews' titles are h3: this keeps the outline in order under the product's h1. */}
      <h2 className="sr-only">Customer reviews</h2>
      <div>
        {reviews.total > 0 ? (
          <>
            <p className="font-display text-5xl font-semibold">{ratingAverage.toFixed(1)}</p>
            <Stars rating={ratingAverage} size={16} className="mt-1 block" />
            <p className="mt-1 text-sm text-muted">
              {reviews.total} {reviews.total === 1 ? 'review' : 'reviews'}
            </p>
            <ul className="mt-4 space-y-1.5 text-xs text-muted">
              {([5, 4, 3, 2, 1] as const).map((stars) => (
                <li key={stars} className="flex items-center gap-2">
                  <span className="w-8">{stars} ★</span>
                  <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-cream">
                    <span
                      className="block h-full bg-gold"
                      style={{ width: `${(reviews.distribution[stars] / reviews.total) * 100}%` }}
                    />
                  </span>
                  <span className="w-6 text-right">{reviews.distribution[stars]}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-sm text-muted">No reviews yet. Be the first to share what you think.</p>
        )}
        <div className="mt-6">
          {result?.ok ? (
            <p role="status" className="text-sm text-success">
              Thank you: your review is published.
            </p>
          ) : signedIn ? (
            <Button variant="outline" onClick={() => setWriting((open) => !open)} aria-expanded={writing}>
              {writing ? 'Cancel' : 'Write a Review'}
            </Button>
          ) : (
            <Link to={loginHref} className="text-sm font-medium underline underline-offset-4">
              Sign in to write a review
            </Link>
          )}
        </div>
      </div>
      <div className="space-y-8">
        {writing && signedIn && !result?.ok ? <ReviewForm result={result} askFit={askFit} /> : null}
        {reviews.reviews.length > 0 ? (
          <ul className="divide-y divide-line">
            {reviews.reviews.map((review) => (
              <li key={review.id} className="py-5 first:pt-0">
                <Stars rating={review.rating} size={13} />
                <h3 className="mt-2 font-sans text-base font-semibold tracking-normal">{review.title}</h3>
                <p className="mt-1 text-xs text-muted">
                  By {review.author} on {lagosLongDate(new Date(review.date))}
                </p>
                <p className="mt-2 text-sm leading-relaxed text-ink-soft">{review.comment}</p>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function ReviewForm({ result, askFit }: { result: ReviewFormState | undefined; askFit: boolean }) {
  const [rating, setRating] = useState(0);
  const busy = useNavigation().state === 'submitting';
  const fields = result?.fields ?? {};
  return (
    <Form
      method="post"
      className="space-y-4 rounded-card border border-line bg-white p-5"
      noValidate
      preventScrollReset
    >
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="rating" value={rating} />
      {result?.error ? (
        <p role="alert" className="text-sm text-sale">
          {result.error}
        </p>
      ) : null}
      <fieldset>
        <legend className="mb-2 text-xs font-medium tracking-wide text-ink-soft uppercase">
          Your rating
        </legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="button"
              aria-label={`${value} ${value === 1 ? 'star' : 'stars'}`}
              aria-pressed={rating === value}
              onClick={() => setRating(value)}
              className="rounded-sm p-1"
            >
              <Star
                width={24}
                height={24}
                strokeWidth={1.25}
                className={value <= rating ? 'fill-gold text-gold' : 'text-line'}
              />
            </button>
          ))}
        </div>
        {fields.rating ? <p className="mt-1 text-xs text-sale">{fields.rating}</p> : null}
      </fieldset>
      <div className="space-y-1.5">
        <label
          htmlFor="review-title"
          className="block text-xs font-medium tracking-wide text-ink-soft uppercase"
        >
          Title
        </label>
        <input
          id="review-title"
          name="title"
          maxLength={120}
          className="block h-11 w-full rounded-sm border border-line px-3 text-sm"
          aria-invalid={fields.title ? true : undefined}
        />
      </div>
      <div className="space-y-1.5">
        <label
          htmlFor="review-comment"
          className="block text-xs font-medium tracking-wide text-ink-soft uppercase"
        >
          Comment
        </label>
        <textarea
          id="review-comment"
          name="comment"
          rows={4}
          maxLength={2000}
          className="block w-full rounded-sm border border-line p-3 text-sm"
          aria-invalid={fields.comment ? true : undefined}
        />
      </div>
      {askFit ? (
        <fieldset>
          <legend className="mb-2 text-xs font-medium tracking-wide text-ink-soft uppercase">
            How did it fit? <span className="font-normal normal-case">(optional)</span>
          </legend>
          {/* Three equal answers on one row, down to a phone's narrow form. */}
          <div className="grid max-w-sm grid-cols-3 gap-2">
            {reviewFitIds.map((fit) => (
              <label key={fit} className="cursor-pointer">
                <input type="radio" name="fit" value={fit} className="peer sr-only" />
                <span className="flex h-10 items-center justify-center rounded-sm border border-line bg-white px-1 text-center text-sm whitespace-nowrap peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:ring-2 peer-focus-visible:ring-gold-deep">
                  {reviewFitNames[fit]}
                </span>
              </label>
            ))}
          </div>
          {fields.fit ? <p className="mt-1 text-xs text-sale">{fields.fit}</p> : null}
        </fieldset>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Publishing…' : 'Submit Review'}
      </Button>
    </Form>
  );
}
