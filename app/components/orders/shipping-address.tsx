import { MapPin } from 'lucide-react';
import type { ShippingAddress } from '../../../db/schema/orders';

/** Where an order is delivered: the name, street, city and country, as the shopper and staff read it. */
export function ShippingAddressBlock({ address }: { address: ShippingAddress }) {
  return (
    <address className="flex gap-3 text-sm leading-relaxed text-ink-soft not-italic">
      <MapPin width={18} height={18} aria-hidden="true" className="mt-0.5 shrink-0 text-gold-deep" />
      <span>
        <span className="font-medium text-ink">
          {address.firstName} {address.lastName}
        </span>
        <br />
        {address.address}
        <br />
        {address.city}, {address.state} {address.zipCode}
        <br />
        {address.country}
      </span>
    </address>
  );
}
