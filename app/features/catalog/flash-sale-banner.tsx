import { useCallback, useState } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { Countdown } from '../../components/ui/countdown';

export interface FlashSale {
  endsAt: string;
  renderedAt: number;
  maxDiscountPercent: number;
  count: number;
}

/** The flash sale's banner, counting down to the end the shop owner set; it goes when the sale ends. */
export function FlashSaleBanner({
  sale,
  headingLevel = 'h2',
}: {
  sale: FlashSale;
  headingLevel?: 'h1' | 'h2';
}) {
  const [ended, setEnded] = useState(false);
  const onEnded = useCallback(() => setEnded(true), []);
  if (ended) return null;
  const Heading = headingLevel;
  return (
    <section aria-label="Flash sale" className="bg-ink text-paper">
      <div className="container-shop flex flex-col items-start gap-6 py-10 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="text-[0.6875rem] font-semibold tracking-[0.2em] text-gold-soft uppercase">
            Flash Sale · ends soon
          </p>
          <Heading className="mt-2 text-[2rem] leading-tight text-paper sm:text-display-lg">
            Up to {sale.maxDiscountPercent}% off {sale.count} pieces
          </Heading>
          <p className="mt-2 text-sm text-paper/75">
            Designer bags and tailoring, reduced until the clock runs out.
          </p>
        </div>
        <div className="flex flex-col items-start gap-4 md:items-end">
          <Countdown endsAt={sale.endsAt} renderedAt={sale.renderedAt} onEnded={onEnded} />
          <ButtonLink to="/sale" variant="gold">
            Shop the Sale
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
