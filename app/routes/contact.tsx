import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { orderNumberPattern, type ContactFormResult } from '../../contracts/contact';
import { submitContactMessage } from '../../core/content/contact';
import { ContactForm } from '../features/content/contact-form';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/contact';

/** Stores the message, e-mails it to the shop and answers the thank-you (or each field's problem). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const receipt = await submitContactMessage(
      context.services.newsletter,
      {
        name: formText(form, 'name'),
        email: formText(form, 'email'),
        subject: formText(form, 'subject'),
        message: formText(form, 'message'),
        orderNumber: formText(form, 'orderNumber') || undefined,
      },
      context.client,
    );
    return { ok: true, message: receipt.message } satisfies ContactFormResult;
  } catch (error) {
    return formFailure(error, 'Your message could not be sent. Please try again.');
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Contact Us',
    description: 'Call, write or visit the Rossy team in Lagos, or send us a message.',
    path: '/contact',
    ...rootMeta(matches),
  });
}

function ContactDetail({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Phone;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-cream text-gold-deep">
        <Icon width={18} height={18} strokeWidth={1.5} aria-hidden="true" />
      </span>
      <div className="min-w-0 text-sm">
        <p className="text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
        <div className="mt-0.5 break-words text-ink">{children}</div>
      </div>
    </li>
  );
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const root = useRootData();
  const [params] = useSearchParams();
  const shop = root?.shop;
  if (!shop) return null;
  const order = (params.get('order') ?? '').trim().toUpperCase();
  const defaults = {
    name: root.user?.name ?? '',
    email: root.user?.email ?? '',
    orderNumber: orderNumberPattern.test(order) ? order : null,
  };

  return (
    <section className="container-shop py-10 lg:py-16">
      <header className="max-w-2xl">
        <p className="eyebrow">Customer care</p>
        <h1 className="mt-2 text-display-lg">Contact Us</h1>
        <p className="mt-3 text-ink-soft">
          Questions about a size, an order or a piece you have your eye on? Write to us and our Lagos team
          will answer, or reach us directly. We are open {shop.businessHours}.
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14">
        <div className="rounded-card border border-line bg-white p-5 sm:p-8">
          <ContactForm
            key={defaults.orderNumber ?? 'contact'}
            defaults={defaults}
            noScriptResult={actionData}
          />
        </div>

        <aside aria-labelledby="contact-details-title" className="space-y-8">
          <div className="rounded-card bg-cream/60 p-6">
            <h2 id="contact-details-title" className="text-2xl">
              Reach us directly
            </h2>
            <ul className="mt-5 space-y-5">
              <ContactDetail icon={Phone} label="Phone">
                <a className="hover:underline" href={`tel:${shop.supportPhone.replace(/\s+/g, '')}`}>
                  {shop.supportPhone}
                </a>
              </ContactDetail>
              <ContactDetail icon={Mail} label="E-mail">
                <a className="hover:underline" href={`mailto:${shop.supportEmail}`}>
                  {shop.supportEmail}
                </a>
              </ContactDetail>
              <ContactDetail icon={MessageCircle} label="WhatsApp">
                <a
                  className="hover:underline"
                  href={`https://wa.me/${shop.whatsappNumber}`}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  +{shop.whatsappNumber}
                </a>
              </ContactDetail>
              <ContactDetail icon={MapPin} label="Studio">
                {shop.address}
              </ContactDetail>
              <ContactDetail icon={Clock} label="Opening hours">
                {shop.businessHours}
              </ContactDetail>
            </ul>
          </div>
          <div className="border-l-2 border-gold pl-5 text-sm text-ink-soft">
            <p className="font-medium text-ink">Looking for an order?</p>
            <p className="mt-1">
              Follow it with its number on{' '}
              <Link to="/track-order" className="text-gold-deep underline">
                Track Your Order
              </Link>
              , or find quick answers in{' '}
              <Link to="/help" className="text-gold-deep underline">
                Help &amp; FAQs
              </Link>
              .
            </p>
          </div>
        </aside>
      </div>
    </section>
  );
}
