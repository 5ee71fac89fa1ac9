import { randomBytes } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../core/accounts/passwords';
import type { Mailer } from '../core/mail/mailer';
import { changeOrderStatus } from '../core/orders/manage-orders';
import { placeOrder } from '../core/orders/place-order';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { products, productVariants } from '../db/schema/catalog';
import { orderEvents, orders } from '../db/schema/orders';
import { paymentTransactions } from '../db/schema/payments';

const DAY_MS = 86_400_000;

/** Demo shoppers across Nigeria; they sign in with no known password (the admin can see them). */
const customers = [
  { name: 'Adaeze Okafor', city: 'Lekki', state: 'Lagos', address: '21 Admiralty Road' },
  { name: 'Tunde Bakare', city: 'Ikeja', state: 'Lagos', address: '4 Opebi Road' },
  { name: 'Ngozi Eze', city: 'Enugu', state: 'Enugu', address: '12 Ogui Road' },
  { name: 'Musa Bello', city: 'Wuse II', state: 'FCT', address: '7 Aminu Kano Crescent' },
  { name: 'Kemi Adeyemi', city: 'Bodija', state: 'Oyo', address: '3 Awolowo Avenue' },
  { name: 'Chinedu Obi', city: 'GRA', state: 'Rivers', address: '18 Tombia Street' },
  { name: 'Halima Sani', city: 'Nassarawa', state: 'Kano', address: '9 Bompai Road' },
  { name: 'Emeka Nwosu', city: 'Ikoyi', state: 'Lagos', address: '2 Bourdillon Road' },
];

/** Where each demo order ends up, oldest first. */
const journeys = [
  'delivered',
  'delivered',
  'delivered',
  'shipped',
  'processing',
  'cancelled',
  'awaiting_payment',
] as const;

const quietMailer: Mailer = { send: async () => {}, deliver: async () => {} };

/**
 * Demo customers and about twenty orders over the last two months, placed through the same core
 * as real ones (prices, stock, coupons), then moved along as the shop would have.
 */
export async function seedDemoOrders(
  db: Db,
  options: { now?: Date; publicUrl?: string } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const deps = { db, mailer: quietMailer, publicUrl };
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const shoppers = await db
    .insert(users)
    .values(
      customers.map((customer, index) => ({
        name: customer.name,
        email: `${customer.name.toLowerCase().replace(/\s+/g, '.')}@example.ng`,
        passwordHash,
        phone: `+234 80${index} 555 01${String(index).padStart(2, '0')}`,
        address: customer.address,
        city: customer.city,
        state: customer.state,
        zipCode: '100001',
        country: 'Nigeria',
        createdAt: new Date(now.getTime() - (70 - index * 3) * DAY_MS),
        // Demo shoppers count as having confirmed their addresses.
        emailVerifiedAt: new Date(now.getTime() - (70 - index * 3) * DAY_MS),
      })),
    )
    .onConflictDoNothing()
    .returning();
  // Each product's deepest size and colour, where the demo shop holds enough for a few orders.
  const stocked = await db
    .selectDistinctOn([productVariants.productId], {
      id: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(sql`${productVariants.stock} >= 6 AND ${products.status} = 'active'`)
    .orderBy(asc(productVariants.productId), desc(productVariants.stock), asc(productVariants.position));
  if (shoppers.length === 0 || stocked.length === 0) return 0;

  let placed = 0;
  for (let index = 0; index < 21; index++) {
    const shopper = shoppers[index % shoppers.length]!;
    const [firstName = '', ...rest] = shopper.name.split(' ');
    const picks = [
      stocked[(index * 7) % stocked.length]!,
      ...(index % 3 === 0 ? [stocked[(index * 11 + 3) % stocked.length]!] : []),
    ];
    const journey = journeys[index % journeys.length]!;
    // An unpaid order is recent, so its hold has not passed yet; it is placed then, so its timeline
    // starts when it was placed.
    const at =
      journey === 'awaiting_payment'
        ? new Date(now.getTime() - DAY_MS / 4)
        : new Date(now.getTime() - (60 - index * 2.8) * DAY_MS);
    const result = await placeOrder(
      deps,
      {
        items: picks.map((product, line) => ({
          id: product.id,
          quantity: 1 + ((index + line) % 2),
          selectedColor: product.color || null,
          selectedSize: product.size || null,
        })),
        couponCode: index % 5 === 0 ? 'ROSSY10' : undefined,
        shippingMethod: index % 4 === 0 ? 'express' : 'standard',
        paymentMethod: index % 2 === 0 ? 'bank-transfer' : 'flutterwave',
        email: shopper.email,
        phone: shopper.phone,
        shippingAddress: {
          firstName,
          lastName: rest.join(' '),
          address: shopper.address,
          city: shopper.city,
          state: shopper.state,
          zipCode: shopper.zipCode,
          country: 'Nigeria',
        },
      },
      { user: { id: shopper.id }, now: at },
    );
    placed++;
    const number = result.order.number;
    if (journey === 'awaiting_payment') {
      await db
        .update(orders)
        .set({ stockHeldUntil: new Date(now.getTime() + DAY_MS) })
        .where(eq(orders.number, number));
      continue;
    }
    if (journey === 'cancelled') {
      await changeOrderStatus(deps, number, {
        status: 'cancelled',
        note: 'Cancelled at the customer’s request.',
      });
      continue;
    }
    await db
      .update(orders)
      .set({ paymentStatus: 'paid', paidAt: at, status: 'processing', stockHeldUntil: null })
      .where(eq(orders.number, number));
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    await db.insert(paymentTransactions).values({
      orderId: row!.id,
      provider: result.order.paymentMethod === 'bank-transfer' ? 'bank-transfer' : 'sandbox',
      txRef: result.order.bankReference ?? `${number}-demo`,
      providerTransactionId: `DEMO-${index + 1}`,
      amountKobo: result.order.totalKobo,
      status: 'successful',
      paymentType: result.order.paymentMethod === 'bank-transfer' ? 'bank_transfer' : 'card',
      customerName: shopper.name,
      customerEmail: shopper.email,
      verified: true,
      verifiedAt: at,
      message: 'Demo payment',
      createdAt: at,
    });
    await db.insert(orderEvents).values({
      orderId: row!.id,
      status: 'processing',
      note: 'Payment confirmed. We are preparing your order.',
      createdAt: new Date(at.getTime() + 3_600_000),
    });
    if (journey === 'processing') continue;
    await changeOrderStatus(deps, number, {
      status: 'shipped',
      carrier: 'GIG Logistics',
      trackingNumber: `GIG${100200 + index}`,
    });
    if (journey === 'delivered') await changeOrderStatus(deps, number, { status: 'delivered' });
  }
  return placed;
}
