import { and, count, countDistinct, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { signIns } from '../../db/schema/admin';
import { orders } from '../../db/schema/orders';
import { within, daysOf, lagosDayOf, type ReportRange } from './range';

/** The Users card: accounts made, sign-ins and who came back, in a range of Lagos days. */
export interface UsersReport {
  /** Customer accounts created in the range. */
  signUps: number;
  /** Successful sign-ins in the range (sign_ins rows), and how many people they were. */
  signIns: number;
  peopleSignedIn: number;
  /** Customers who came back in the range: signed in, or placed an order that was not their first. */
  returningCustomers: number;
  /** Customer accounts that existed by the end of the range. */
  customers: number;
  /** Of those, seen in the range (signed in or ordered), and not seen. */
  activeInRange: number;
  inactiveInRange: number;
  /** Accounts an admin has deactivated (now). */
  deactivatedAccounts: number;
  dailySignUps: { day: string; signUps: number }[];
}

export async function usersReport(db: DbOrTx, range: ReportRange): Promise<UsersReport> {
  const signedInWithin = sql`exists (select 1 from ${signIns} where ${signIns.userId} = ${users.id}
    and ${signIns.createdAt} >= ${range.start} and ${signIns.createdAt} < ${range.end})`;
  const orderedWithin = sql`exists (select 1 from ${orders} where ${orders.userId} = ${users.id}
    and ${orders.createdAt} >= ${range.start} and ${orders.createdAt} < ${range.end})`;
  const reorderedWithin = sql`exists (select 1 from ${orders} o where o.user_id = ${users.id}
    and o.created_at >= ${range.start} and o.created_at < ${range.end}
    and exists (select 1 from ${orders} earlier where earlier.user_id = ${users.id}
      and (earlier.created_at < o.created_at or (earlier.created_at = o.created_at and earlier.id < o.id))))`;
  const customer = eq(users.role, 'customer');
  const [[people], [logins], daily] = await Promise.all([
    db
      .select({
        signUps: sql<number>`count(*) filter (where ${users.createdAt} >= ${range.start})`.mapWith(Number),
        customers: count(),
        active: sql<number>`count(*) filter (where ${signedInWithin} or ${orderedWithin})`.mapWith(Number),
        returning: sql<number>`count(*) filter (where ${signedInWithin} or ${reorderedWithin})`.mapWith(
          Number,
        ),
        deactivated: sql<number>`count(*) filter (where ${users.status} = 'inactive')`.mapWith(Number),
      })
      .from(users)
      .where(and(customer, lt(users.createdAt, range.end))),
    db
      .select({ signIns: count(), people: countDistinct(signIns.userId) })
      .from(signIns)
      .where(within(signIns.createdAt, range)),
    db
      .select({ day: lagosDayOf(users.createdAt), signUps: count() })
      .from(users)
      .where(and(customer, within(users.createdAt, range)))
      .groupBy(lagosDayOf(users.createdAt)),
  ]);
  const byDay = new Map(daily.map((row) => [row.day, row.signUps]));
  const customers = people?.customers ?? 0;
  const activeInRange = people?.active ?? 0;
  return {
    signUps: people?.signUps ?? 0,
    signIns: logins?.signIns ?? 0,
    peopleSignedIn: logins?.people ?? 0,
    returningCustomers: people?.returning ?? 0,
    customers,
    activeInRange,
    inactiveInRange: customers - activeInRange,
    deactivatedAccounts: people?.deactivated ?? 0,
    dailySignUps: daysOf(range).map((day) => ({ day, signUps: byDay.get(day) ?? 0 })),
  };
}
