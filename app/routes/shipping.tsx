import { Link } from 'react-router';
import { formatNaira } from '../../contracts/money';
import { ContentPage, ContentSection } from '../features/content/content-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/shipping';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Shipping & Returns',
    description:
      'Delivery methods, prices and times across Nigeria, and how returns and refunds work at Rossy.',
    path: '/shipping',
    ...rootMeta(matches),
  });
}

const sections = [
  { id: 'delivery', title: 'Delivery methods' },
  { id: 'processing', title: 'Processing & tracking' },
  { id: 'returns', title: 'Returns' },
  { id: 'refunds', title: 'Refunds' },
];

export default function ShippingPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  const freeOver = formatNaira(shop.freeShippingThresholdKobo);
  return (
    <ContentPage
      eyebrow="Customer care"
      title="Shipping & Returns"
      lead={
        <p>
          We deliver across Nigeria from our Lagos studio. Standard delivery is free on orders over {freeOver}
          , and you have {shop.returnsDays} days to change your mind.
        </p>
      }
      sections={sections}
      links={[
        { to: '/track-order', label: 'Track Your Order' },
        { to: '/faq#delivery', label: 'Delivery FAQ' },
        { to: '/contact', label: 'Contact Us' },
      ]}
    >
      <ContentSection id="delivery" title="Delivery methods">
        <p>Choose your method at checkout; the price is worked out on your order before you pay.</p>
        <div
          className="overflow-x-auto rounded-card border border-line"
          role="region"
          aria-label="Delivery methods and prices"
          tabIndex={0}
        >
          <table className="w-full min-w-[28rem] text-left text-sm">
            <thead className="bg-cream text-xs tracking-wider text-ink-soft uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Method
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Delivery time
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Price
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line bg-white">
              {shop.shippingMethods.map((method) => (
                <tr key={method.name}>
                  <th scope="row" className="px-4 py-3 font-medium text-ink">
                    {method.name}
                  </th>
                  <td className="px-4 py-3">{method.description}</td>
                  <td className="px-4 py-3 text-right tabular-nums text-ink">
                    {method.priceKobo === 0 ? 'Free' : formatNaira(method.priceKobo)}
                    {method.freeOverThreshold && method.priceKobo > 0 ? (
                      <span className="block text-xs text-success">
                        Free over {freeOver}, or when every piece ships free
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Pieces whose page promises free delivery ship free by every method shown free over {freeOver}: an
          order of such pieces alone pays nothing for it, whatever its total.
        </p>
        <p>
          Prices are in naira and apply to any address in Nigeria. Delivery times are counted in business days
          (Monday to Friday, public holidays excepted) from the day your order leaves us.
        </p>
      </ContentSection>

      <ContentSection id="processing" title="Processing & tracking">
        <p>
          We prepare orders in 1-2 business days. Orders paid by bank transfer are prepared once we have
          confirmed your payment, usually within 1-24 hours.
        </p>
        <p>
          When your parcel ships we e-mail you the carrier and tracking number, and your order&rsquo;s
          timeline shows every step. Follow it on <Link to="/track-order">Track Your Order</Link> with your
          order number and e-mail address, or in <Link to="/orders">My Orders</Link> when you are signed in.
        </p>
        <p>
          Need to change your address or a size? Orders can be changed within 1 hour of being placed: call{' '}
          <a href={`tel:${shop.supportPhone.replace(/\s+/g, '')}`}>{shop.supportPhone}</a>.
        </p>
      </ContentSection>

      <ContentSection id="returns" title="Returns">
        <p>
          You can return any piece within <strong>{shop.returnsDays} days of delivery</strong> if it is
          unworn, unwashed and has its original tags and packaging.
        </p>
        <ul>
          <li>
            <Link to="/contact">Write to us</Link> or call {shop.supportPhone} with your order number and the
            pieces you are returning.
          </li>
          <li>We confirm the return and tell you where to send it or arrange a pick-up in Lagos.</li>
          <li>Pack the pieces with their tags and include your order number.</li>
        </ul>
        <p>
          A piece with a manufacturing fault is covered by our{' '}
          <Link to="/warranty-support">{shop.warrantyMonths}-month warranty</Link> even after the return
          period.
        </p>
      </ContentSection>

      <ContentSection id="refunds" title="Refunds">
        <p>
          Once your return reaches us and is checked, we refund the price of the pieces to the way you paid.
          Refunds reach your account within 5-7 business days. Delivery charges are refunded when the piece
          was faulty or we sent the wrong one.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
