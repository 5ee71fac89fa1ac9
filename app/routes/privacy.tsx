import { Link } from 'react-router';
import { ContentPage, ContentSection } from '../features/content/content-page';
import { policyDate, PRIVACY_UPDATED } from '../features/content/policy-dates';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/privacy';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Privacy Policy',
    description: 'What Rossy collects, how it is used and protected, the cookies we set and your rights.',
    path: '/privacy',
    ...rootMeta(matches),
  });
}

const sections = [
  { id: 'introduction', title: 'Introduction' },
  { id: 'information-collected', title: 'Information we collect' },
  { id: 'how-used', title: 'How we use your information' },
  { id: 'cookies', title: 'Cookies' },
  { id: 'data-security', title: 'Data security' },
  { id: 'your-rights', title: 'Your rights' },
  { id: 'contact', title: 'Contact us' },
  { id: 'policy-updates', title: 'Policy updates' },
];

export default function PrivacyPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  const email = <a href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</a>;
  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy Policy"
      lead={<p>Last updated {policyDate(PRIVACY_UPDATED)}.</p>}
      sections={sections}
      links={[
        { to: '/terms', label: 'Terms' },
        { to: '/contact', label: 'Contact' },
        { to: '/help', label: 'Help' },
      ]}
    >
      <ContentSection id="introduction" title="Introduction">
        <p>
          {shop.name} ({shop.address}) sells men&rsquo;s wear and designer bags on this website. This policy
          says what we learn about you when you use it, why, how long we keep it and what you can ask of us.
          We follow the Nigeria Data Protection Act 2023.
        </p>
      </ContentSection>

      <ContentSection id="information-collected" title="Information we collect">
        <ul>
          <li>
            <strong>When you order:</strong> your name, e-mail address, phone number, delivery address, the
            pieces you bought and how you paid (the method and the payment reference, never your card number).
          </li>
          <li>
            <strong>When you create an account:</strong> your name, e-mail address, a password stored only as
            a one-way hash, and the details you add to your profile, such as a phone number, address or photo.
          </li>
          <li>
            <strong>When you write to us:</strong> what you send through the contact form, and your e-mail
            address if you subscribe to our newsletter.
          </li>
          <li>
            <strong>When you review a piece:</strong> your rating and words, shown with your name.
          </li>
          <li>
            <strong>When you browse:</strong> how many times each page was viewed each day and which site sent
            the visitor. These counts hold no address, cookie or anything else that could identify you.
          </li>
        </ul>
        <p>
          Card details are entered on our payment provider&rsquo;s secure page and never reach our servers.
        </p>
      </ContentSection>

      <ContentSection id="how-used" title="How we use your information">
        <ul>
          <li>to take, deliver and support your orders, and to send you e-mails about them;</li>
          <li>to keep your account, your notifications and your order history;</li>
          <li>to answer your messages and warranty claims;</li>
          <li>to send our newsletter, only if you subscribed (every issue has an unsubscribe link);</li>
          <li>
            to prevent fraud and keep the shop secure, for example by limiting repeated sign-in attempts.
          </li>
        </ul>
        <p>
          We do not sell your information or share it for advertising. We share only what is needed with the
          payment provider that takes your payment and the carrier that delivers your parcel.
        </p>
      </ContentSection>

      <ContentSection id="cookies" title="Cookies">
        <p>We set no advertising or third-party tracking cookies. What we do store:</p>
        <h3>Essential</h3>
        <p>
          A session cookie (<code>rossy_session</code>) keeps you signed in. It is set only when you sign in,
          cannot be read by scripts, and ends when you sign out. Your bag and wishlist are kept in your
          browser&rsquo;s local storage, on your device, so they survive a visit without an account.
        </p>
        <h3>Analytics</h3>
        <p>
          We count page views on our own server, per page and day, with the referring site. No cookie is used
          for this and nothing in the counts identifies a visitor.
        </p>
        <h3>Preferences</h3>
        <p>
          If you choose a currency to show prices in, a <code>currency</code> cookie remembers it for a year.
          Deleting it returns prices to naira.
        </p>
      </ContentSection>

      <ContentSection id="data-security" title="Data security">
        <p>
          The website is served only over an encrypted connection. Passwords are stored as Argon2id hashes;
          the session cookie is HttpOnly and, in production, Secure. Sessions end on the server when you sign
          out or change your password. Access to order data is limited to our staff who need it. We keep order
          records as long as the law requires for accounts and tax, and delete the rest when it is no longer
          needed.
        </p>
      </ContentSection>

      <ContentSection id="your-rights" title="Your rights">
        <h3>Access and update</h3>
        <p>
          See and correct your details at any time in <Link to="/profile">your profile</Link>, or ask us for a
          copy of everything we hold about you.
        </p>
        <h3>Portability</h3>
        <p>Ask for your information and your orders in a common, machine-readable format.</p>
        <h3>Deletion</h3>
        <p>
          Ask us to delete your account and personal information; we keep only what the law requires us to
          keep for accounting.
        </p>
        <h3>Opt-out</h3>
        <p>
          Unsubscribe from the newsletter with the link in any issue. Order e-mails are part of the service
          and stop when you have no open order.
        </p>
        <p>Write to {email} to use any of these rights; we answer within 30 days.</p>
      </ContentSection>

      <ContentSection id="contact" title="Contact us">
        <p>
          Questions or requests about your information: {email}, {shop.supportPhone}, or{' '}
          <Link to="/contact">our contact form</Link>. You may also complain to the Nigeria Data Protection
          Commission.
        </p>
      </ContentSection>

      <ContentSection id="policy-updates" title="Policy updates">
        <p>
          When this policy changes we update it here and change the date below; for important changes we also
          tell account holders by e-mail before they take effect.
        </p>
        <p>
          <strong>Last updated:</strong> {policyDate(PRIVACY_UPDATED)}.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
