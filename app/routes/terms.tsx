import { Link } from 'react-router';
import { formatNaira } from '../../contracts/money';
import { ContentPage, ContentSection } from '../features/content/content-page';
import { policyDate, TERMS_UPDATED } from '../features/content/policy-dates';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/terms';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Terms & Conditions',
    description:
      'The terms on which Rossy sells to you: orders, prices, delivery, returns, warranty and the law that applies.',
    path: '/terms',
    ...rootMeta(matches),
  });
}

const sections = [
  { id: 'about', title: 'About these terms' },
  { id: 'orders', title: 'Orders' },
  { id: 'prices', title: 'Prices & payment' },
  { id: 'delivery', title: 'Delivery' },
  { id: 'returns', title: 'Returns & refunds' },
  { id: 'warranty', title: 'Warranty' },
  { id: 'accounts', title: 'Your account' },
  { id: 'offers', title: 'Offers & codes' },
  { id: 'content', title: 'Our content' },
  { id: 'liability', title: 'Liability' },
  { id: 'changes', title: 'Changes to these terms' },
  { id: 'law', title: 'Governing law' },
  { id: 'contact', title: 'Contact' },
];

export default function TermsPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms & Conditions"
      lead={<p>Last updated {policyDate(TERMS_UPDATED)}.</p>}
      sections={sections}
      links={[
        { to: '/privacy', label: 'Privacy Policy' },
        { to: '/shipping', label: 'Shipping & Returns' },
        { to: '/contact', label: 'Contact Us' },
      ]}
    >
      <ContentSection id="about" title="About these terms">
        <p>
          These terms apply to every order placed on this website with {shop.name}, {shop.address}. By placing
          an order or creating an account you accept them. Please read them with our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </ContentSection>
      <ContentSection id="orders" title="Orders">
        <p>
          Your order is an offer to buy. We accept it when we confirm it by e-mail with its order number
          (ORD-…). We may decline an order, for example when a piece has sold out or a payment cannot be
          verified; any money taken is then refunded in full.
        </p>
        <p>
          You can change or cancel an order within 1 hour of placing it by calling {shop.supportPhone}. Orders
          paid by bank transfer keep their pieces for you while we wait for the payment; unpaid orders are
          cancelled after that time.
        </p>
      </ContentSection>
      <ContentSection id="prices" title="Prices & payment">
        <p>
          {shop.pricesIncludeTax
            ? 'Prices are in naira (₦) and include VAT: the price on the tag is the price. Delivery is added at checkout, where you see the total before you pay.'
            : 'Prices are in naira (₦). Tax and delivery are added at checkout, where you see the total before you pay.'}{' '}
          Prices shown in another currency are a guide at our rate of the day: you always pay in naira.
        </p>
        <p>
          Payment is taken by our payment provider or by bank transfer to our account. An order counts as paid
          only once we have verified the payment.
        </p>
      </ContentSection>
      <ContentSection id="delivery" title="Delivery">
        <p>
          We deliver within Nigeria by the methods and at the prices shown at checkout and on{' '}
          <Link to="/shipping">Shipping &amp; Returns</Link>. Standard delivery is free on orders over{' '}
          {formatNaira(shop.freeShippingThresholdKobo)}. Delivery times are estimates; the risk in a piece
          passes to you when it is delivered.
        </p>
      </ContentSection>
      <ContentSection id="returns" title="Returns & refunds">
        <p>
          You may return unworn pieces with their tags within {shop.returnsDays} days of delivery. Refunds go
          back to the way you paid within 5-7 business days of our receiving the return.
        </p>
      </ContentSection>
      <ContentSection id="warranty" title="Warranty">
        <p>
          Every piece carries a {shop.warrantyMonths}-month warranty against manufacturing defects and
          performance issues, as set out on <Link to="/warranty-support">Warranty &amp; Support</Link>. It
          adds to your rights under the law and does not replace them.
        </p>
      </ContentSection>
      <ContentSection id="accounts" title="Your account">
        <p>
          Keep your password to yourself; you are responsible for orders placed with your account. We may
          suspend an account used for fraud or abuse.
        </p>
      </ContentSection>
      <ContentSection id="offers" title="Offers & codes">
        <p>
          Discount codes apply as stated with them (amount, expiry, first order only where said), one code per
          order, and cannot be exchanged for cash.
        </p>
      </ContentSection>
      <ContentSection id="content" title="Our content">
        <p>
          Photographs, text and the {shop.name} name on this website belong to us. Please do not copy them
          without our written permission.
        </p>
      </ContentSection>
      <ContentSection id="liability" title="Liability">
        <p>
          We are responsible for loss you suffer that was a foreseeable result of our breaking these terms or
          of our negligence, up to the price of the order concerned. Nothing in these terms limits liability
          that the law does not allow us to limit.
        </p>
      </ContentSection>
      <ContentSection id="changes" title="Changes to these terms">
        <p>
          We give <strong>30 days&rsquo; notice</strong> of any change to these terms, on this page and by
          e-mail to account holders. Orders placed before a change takes effect keep the terms that applied
          when they were placed.
        </p>
      </ContentSection>
      <ContentSection id="law" title="Governing law">
        <p>
          These terms are governed by the laws of the Federal Republic of Nigeria, and the courts of Lagos
          State have jurisdiction over any dispute.
        </p>
      </ContentSection>
      <ContentSection id="contact" title="Contact">
        <p>
          Questions about these terms: <a href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</a>,{' '}
          {shop.supportPhone}, or <Link to="/contact">our contact form</Link>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
