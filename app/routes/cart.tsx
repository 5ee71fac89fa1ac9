import { MessageCircle, ShieldCheck, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatNaira, nairaToKobo } from '../../contracts/money';
import { whatsappCartLink } from '../../contracts/whatsapp';
import { OrderTotals } from '../components/order-totals';
import { ButtonLink, buttonClasses } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { ConvertedAmount, ConvertedTotal } from '../components/ui/price';
import { inputClasses } from '../components/ui/field';
import { cannotBeBought, QuantityStepper, RemoveButton } from '../features/checkout/cart-line-controls';
import { CouponBox } from '../features/checkout/coupon-box';
import { useCartQuote } from '../features/checkout/use-cart-quote';
import { cn } from '../lib/cn';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import { useHydrated } from '../lib/use-hydrated';
import { goodsPaidKobo } from '../../contracts/tax';
import {
  cartQuantity,
  clearCart,
  removeFromCart,
  setLineSize,
  useAppliedCoupon,
  useCart,
  type CartLine,
} from '../lib/shop-stores';
import type { Route } from './+types/cart';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Your Cart',
    description: 'The pieces in your Rossy bag.',
    noindex: true,
    ...rootMeta(matches),
  });
}

const REMOVE_FADE_MS = 300;

const lineKey = (line: Pick<CartLine, 'id' | 'selectedColor' | 'selectedSize'>) =>
  `${line.id}|${line.selectedColor ?? ''}|${line.selectedSize ?? ''}`;

type Confirming = { kind: 'line'; line: CartLine } | { kind: 'all' } | null;

export default function CartPage() {
  const cart = useCart();
  const coupon = useAppliedCoupon();
  const root = useRootData();
  const hydrated = useHydrated();
  const { quote, error } = useCartQuote({ cart, couponCode: coupon });
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [fading, setFading] = useState<string | null>(null);
  const confirmRemoval = () => {
    if (!confirming) return;
    if (confirming.kind === 'all') {
      clearCart();
      setConfirming(null);
      return;
    }
    const { line } = confirming;
    setConfirming(null);
    setFading(lineKey(line));
    setTimeout(() => {
      removeFromCart(line);
      setFading(null);
    }, REMOVE_FADE_MS);
  };

  if (hydrated && cart.length === 0) {
    return (
      <section className="container-shop flex flex-col items-center py-24 text-center">
        <h1 className="text-display-md">Your Cart is Empty</h1>
        <p className="mt-3 text-muted">Pieces you add to your bag will wait for you here.</p>
        <ButtonLink to="/products" className="mt-8">
          Continue Shopping
        </ButtonLink>
      </section>
    );
  }

  // The quote's lines are the cart's, in its order; a quote of a cart that has since changed is
  // matched by product and the options the line names (a line without a colour is the first one).
  const quoted = (line: CartLine, index: number) => {
    const lines = quote?.lines;
    const same = lines?.[index];
    if (lines?.length === cart.length && same?.productId === line.id) return same;
    return lines?.find(
      (item) =>
        item.productId === line.id &&
        (line.selectedColor == null || item.color === line.selectedColor) &&
        (line.selectedSize == null || item.size === line.selectedSize),
    );
  };
  const blocked = quote ? !quote.purchasable : true;
  const whatsapp = root?.shop.whatsappNumber;
  const origin = root?.publicUrl ?? '';

  return (
    <section className="container-shop py-8 lg:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-display-md lg:text-display-lg">Your Cart</h1>
          <p className="mt-2 text-sm text-muted" aria-live="polite">
            {hydrated ? `${cartQuantity(cart)} ${cartQuantity(cart) === 1 ? 'item' : 'items'}` : ' '}
          </p>
        </div>
        {cart.length > 0 ? (
          <button
            type="button"
            onClick={() => setConfirming({ kind: 'all' })}
            className="text-sm text-muted underline underline-offset-4 hover:text-ink"
          >
            Clear Cart
          </button>
        ) : null}
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div>
          {/* Column heads for the table layout on wide screens. */}
          <div className="hidden grid-cols-[1fr_9rem_8rem_2.5rem] gap-4 border-b border-line pb-3 text-xs tracking-wider text-muted uppercase md:grid">
            <span>Product</span>
            <span>Quantity</span>
            <span className="text-right">Total</span>
            <span className="sr-only">Remove</span>
          </div>
          <ul className="divide-y divide-line border-b border-line" aria-label="Items in your cart">
            {cart.map((line, index) => {
              const key = lineKey(line);
              const server = quoted(line, index);
              const unitKobo = server?.unitPriceKobo ?? nairaToKobo(line.price);
              // The cart remembers the price it was added at; the server's price is what is charged.
              const was = nairaToKobo(line.price);
              return (
                <li
                  key={key}
                  className={cn(
                    'grid grid-cols-[5rem_1fr] gap-x-4 gap-y-3 py-5 transition-opacity duration-300 md:grid-cols-[5rem_1fr_9rem_8rem_2.5rem] md:items-center',
                    fading === key && 'opacity-0',
                  )}
                  data-testid="cart-line"
                >
                  <Link
                    to={`/product/${line.id}`}
                    tabIndex={-1}
                    aria-hidden="true"
                    className="row-span-2 md:row-span-1"
                  >
                    {line.image ? (
                      <img
                        src={line.image}
                        alt=""
                        width={80}
                        height={100}
                        className="h-25 w-20 rounded-sm bg-cream object-cover"
                      />
                    ) : (
                      <span className="block h-25 w-20 rounded-sm bg-cream" />
                    )}
                  </Link>
                  <div className="min-w-0">
                    <div className="flex items-start justify-between gap-2">
                      <Link to={`/product/${line.id}`} className="font-medium leading-snug hover:underline">
                        {server?.name ?? line.name}
                      </Link>
                      <span className="md:hidden">
                        <RemoveButton
                          name={line.name}
                          onClick={() => setConfirming({ kind: 'line', line })}
                        />
                      </span>
                    </div>
                    <p className="mt-0.5 text-xs text-muted">
                      {[
                        line.selectedColor,
                        (line.selectedSize ?? server?.size) && `Size ${line.selectedSize ?? server?.size}`,
                      ]
                        .filter(Boolean)
                        .join(' · ') || line.category}
                    </p>
                    <p className="mt-1 text-sm tabular-nums">
                      {formatNaira(unitKobo)} <ConvertedAmount kobo={unitKobo} />
                    </p>
                    {server && !server.problem && was !== unitKobo ? (
                      <p className="mt-1 text-xs text-warning" role="status">
                        Price updated: was {formatNaira(was)}
                      </p>
                    ) : null}
                    {server?.problemKind === 'option' && !line.selectedSize && server.sizes.length > 1 ? (
                      <label className="mt-2 flex items-center gap-2 text-xs">
                        <span className="text-sale">Choose a size:</span>
                        <select
                          className={cn(inputClasses, 'h-9 w-auto py-0')}
                          defaultValue=""
                          onChange={(event) => event.target.value && setLineSize(line, event.target.value)}
                        >
                          <option value="" disabled>
                            Size
                          </option>
                          {server.sizes.map((size) => (
                            <option key={size}>{size}</option>
                          ))}
                        </select>
                      </label>
                    ) : server?.problem ? (
                      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
                        <p className="text-xs font-medium text-sale" role="status">
                          {server.problem}
                        </p>
                        {cannotBeBought(server) ? (
                          <button
                            type="button"
                            onClick={() => removeFromCart(line)}
                            className="text-xs font-medium text-ink underline underline-offset-4 hover:text-sale"
                            data-testid="remove-flagged-line"
                          >
                            Remove
                          </button>
                        ) : null}
                      </div>
                    ) : null}
                  </div>
                  <div className="col-start-2 flex items-center justify-between md:col-start-auto md:block">
                    <QuantityStepper
                      line={line}
                      max={quote?.maxQuantityPerProduct}
                      onRemove={() => setConfirming({ kind: 'line', line })}
                    />
                    <p className="text-sm font-medium tabular-nums md:hidden">
                      {formatNaira(unitKobo * line.quantity)}
                    </p>
                  </div>
                  <p className="hidden text-right text-sm font-medium tabular-nums md:block">
                    {formatNaira(unitKobo * line.quantity)}
                  </p>
                  <span className="hidden md:block">
                    <RemoveButton name={line.name} onClick={() => setConfirming({ kind: 'line', line })} />
                  </span>
                </li>
              );
            })}
          </ul>
          <ButtonLink to="/products" variant="outline" className="mt-6">
            Continue Shopping
          </ButtonLink>
        </div>

        <aside className="space-y-6 lg:sticky lg:top-28 lg:self-start" aria-label="Order summary">
          <div className="rounded-card border border-line bg-white p-5 lg:p-6">
            <h2 className="font-display text-2xl">Order Summary</h2>
            <CouponBox coupon={coupon} quote={quote} inputId="coupon" className="mt-5" />
            <div className="mt-5 border-t border-line pt-5" aria-busy={!quote}>
              {quote ? (
                <>
                  <OrderTotals
                    figures={{
                      subtotalKobo: quote.subtotalKobo,
                      discountKobo: quote.discountKobo,
                      shippingKobo: null,
                      taxKobo: quote.taxKobo,
                      taxRatePercent: quote.taxRatePercent,
                      taxIncluded: quote.taxIncluded,
                      totalKobo: goodsPaidKobo(quote),
                      couponCode: quote.coupon?.code ?? null,
                    }}
                  />
                  <ConvertedTotal kobo={goodsPaidKobo(quote)} />
                </>
              ) : (
                <p className="text-sm text-muted">{error ?? 'Working out your total…'}</p>
              )}
            </div>
            {quote && !quote.purchasable ? (
              <p className="mt-4 text-xs text-sale" role="status">
                Some items need your attention before checkout.
              </p>
            ) : null}
            {blocked ? (
              <span className={buttonClasses('primary', 'lg', 'mt-5 w-full opacity-50')} aria-disabled="true">
                Proceed to Checkout
              </span>
            ) : (
              // A document of its own: only the checkout's CSP lets the payment provider's script in.
              <Link reloadDocument to="/checkout" className={buttonClasses('primary', 'lg', 'mt-5 w-full')}>
                Proceed to Checkout
              </Link>
            )}
            <ul className="mt-5 space-y-2 text-xs text-ink-soft">
              <li className="flex items-center gap-2">
                <Truck width={14} height={14} aria-hidden="true" />
                Free standard delivery over{' '}
                {formatNaira(quote?.freeShippingThresholdKobo ?? root?.shop.freeShippingThresholdKobo ?? 0)}
              </li>
              <li className="flex items-center gap-2">
                <ShieldCheck width={14} height={14} aria-hidden="true" />
                {root?.shop.returnsDays ?? 30}-day returns
              </li>
            </ul>
          </div>

          {whatsapp && quote ? (
            <div className="rounded-card bg-cream p-5">
              <h2 className="flex items-center gap-2 font-display text-xl">
                <MessageCircle width={18} height={18} aria-hidden="true" /> Prefer to order by chat?
              </h2>
              <p className="mt-2 text-sm text-ink-soft">
                Send this cart to our stylists on WhatsApp and finish your order in the chat.
              </p>
              <a
                href={whatsappCartLink(
                  whatsapp,
                  quote.lines.map((line) => ({
                    name: line.name,
                    unitPriceKobo: line.unitPriceKobo,
                    quantity: line.quantity,
                    color: line.color,
                    size: line.size,
                    url: `${origin}/product/${line.productId}`,
                  })),
                  quote.subtotalKobo - quote.discountKobo,
                )}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('outline', 'md', 'mt-4 w-full')}
              >
                Order via WhatsApp
              </a>
            </div>
          ) : null}
        </aside>
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'all' ? 'Clear your cart?' : 'Remove this item?'}
        message={
          confirming?.kind === 'line'
            ? `${confirming.line.name} will be taken out of your cart.`
            : 'Every item will be taken out of your cart.'
        }
        confirmLabel={confirming?.kind === 'all' ? 'Clear Cart' : 'Remove'}
        onConfirm={confirmRemoval}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
