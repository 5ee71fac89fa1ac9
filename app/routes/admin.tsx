import { data, Link } from 'react-router';
import { orderStatusIds } from '../../contracts/checkout-texts';
import { isAppError } from '../../core/errors';
import { changeOrderStatus, listOrdersForAdmin } from '../../core/orders/manage-orders';
import type { OrderView } from '../../core/orders/order-view';
import { getOrderForViewer } from '../../core/orders/read-orders';
import { confirmBankTransfer } from '../../core/payments/payments';
import {
  listTransactions,
  reverifyTransaction,
  type TransactionView,
} from '../../core/payments/transactions';
import { AdminNav } from '../features/admin/admin-nav';
import { ordersHref } from '../features/admin/admin-links';
import { ADMIN_ORDERS_PAGE_SIZE, readyAdminTab, type AdminActionResult } from '../features/admin/admin-texts';
import { OrderPanel } from '../features/admin/order-panel';
import { OrdersTab } from '../features/admin/orders-tab';
import { OverviewTab } from '../features/admin/overview-tab';
import { PaymentsTab } from '../features/admin/payments-tab';
import { formFailure, formText } from '../lib/action-result.server';
import { requireAdmin } from '../lib/guards.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/admin';

const DAY_MS = 86_400_000;
const lagosDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' });
const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const tab = readyAdminTab(params.get('tab'));
  const db = context.services.db;
  const base = { name: admin.name };

  if (tab === 'orders') {
    const status = params.get('status') ?? '';
    const filter = {
      q: (params.get('q') ?? '').trim().slice(0, 100),
      status: (orderStatusIds as readonly string[]).includes(status) ? status : '',
      page: Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
    };
    const number = params.get('order');
    if (number) {
      let order: OrderView | null = null;
      try {
        order = await getOrderForViewer(db, number.slice(0, 30), { user: context.user });
      } catch (error) {
        if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
      }
      return { ...base, tab, filter, order, missing: order ? null : number, list: null };
    }
    const list = await listOrdersForAdmin(db, { ...filter, pageSize: ADMIN_ORDERS_PAGE_SIZE });
    return { ...base, tab, filter, order: null, missing: null, list };
  }

  if (tab === 'payments') {
    const now = new Date();
    const status = params.get('status') ?? '';
    const filter = {
      q: (params.get('q') ?? '').trim().slice(0, 100),
      status: ['pending', 'successful', 'failed'].includes(status) ? status : '',
      // The last 30 days unless the admin chose dates, and the form shows what was applied.
      from: isoDay(params.get('from')) || lagosDay.format(new Date(now.getTime() - 30 * DAY_MS)),
      to: isoDay(params.get('to')) || lagosDay.format(now),
    };
    let transactions: TransactionView[] | null;
    try {
      transactions = await listTransactions(db, filter, now);
    } catch (error) {
      // The tab says so in red; the cause goes to the server log.
      console.error('Admin payments: listing transactions failed', error);
      transactions = null;
    }
    return { ...base, tab, filter, transactions };
  }

  const recent = await listOrdersForAdmin(db, { pageSize: 6 });
  return { ...base, tab, recentOrders: recent.orders, totalOrders: recent.total };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const number = formText(form, 'number');
  const { orders, payments } = context.services;

  if (intent === 'verify') {
    const id = Number.parseInt(formText(form, 'id'), 10);
    try {
      if (!Number.isSafeInteger(id) || id < 1) throw new Error('Transaction not found');
      const message = await reverifyTransaction(payments, id, admin);
      return { ok: true, intent, message } satisfies AdminActionResult;
    } catch (error) {
      const text = error instanceof Error ? error.message : 'Something went wrong';
      const message = text.startsWith('Failed to verify transaction')
        ? text
        : `Failed to verify transaction: ${text}`;
      return data<AdminActionResult>(
        { ok: false, intent, error: message, fields: {} },
        { status: isAppError(error) ? error.status : 502 },
      );
    }
  }

  try {
    let message: string;
    if (intent === 'confirm-transfer') {
      const result = await confirmBankTransfer(payments, number, admin);
      message = result.changed
        ? `Payment for ${result.order.number} confirmed. The order is now Processing and the customer has been told.`
        : `Payment for ${result.order.number} was already confirmed.`;
    } else if (intent === 'ship') {
      const carrier = formText(form, 'carrier').trim();
      const trackingNumber = formText(form, 'trackingNumber').trim();
      const note =
        formText(form, 'note').trim() ||
        (carrier && trackingNumber
          ? `Your order is on its way with ${carrier}, tracking number ${trackingNumber}.`
          : undefined);
      const order = await changeOrderStatus(orders, number, {
        status: 'shipped',
        carrier,
        trackingNumber,
        note,
      });
      message = `Order ${order.number} marked Shipped with ${carrier} (${trackingNumber}). The customer has been told.`;
    } else if (intent === 'deliver') {
      const order = await changeOrderStatus(orders, number, { status: 'delivered' });
      message = `Order ${order.number} marked Delivered. The customer has been told.`;
    } else if (intent === 'cancel') {
      const order = await changeOrderStatus(orders, number, { status: 'cancelled' });
      message = `Order ${order.number} cancelled; its items are back on sale and the customer has been told.`;
    } else {
      return data<AdminActionResult>(
        { ok: false, intent, error: 'Unknown action.', fields: {} },
        { status: 400 },
      );
    }
    return { ok: true, intent, message } satisfies AdminActionResult;
  } catch (error) {
    return formFailure(error, 'The order could not be updated. Please try again.');
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Admin Dashboard',
    description: 'The Rossy admin area.',
    noindex: true,
    ...rootMeta(matches),
  });
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-shop py-8 lg:py-10">
      <header className="mb-6">
        <p className="eyebrow">Signed in as {loaderData.name}</p>
        <h1 className="mt-2 text-display-md sm:text-display-lg">Admin Dashboard</h1>
      </header>
      <AdminNav current={loaderData.tab} />
      <div className="mt-6">
        {loaderData.tab === 'orders' ? (
          loaderData.order ? (
            <OrderPanel order={loaderData.order} backHref={ordersHref(loaderData.filter)} />
          ) : loaderData.list ? (
            <OrdersTab list={loaderData.list} filter={loaderData.filter} />
          ) : (
            <OrderMissing number={loaderData.missing ?? ''} backHref={ordersHref(loaderData.filter)} />
          )
        ) : loaderData.tab === 'payments' ? (
          <PaymentsTab transactions={loaderData.transactions} filter={loaderData.filter} />
        ) : (
          <OverviewTab recentOrders={loaderData.recentOrders} totalOrders={loaderData.totalOrders} />
        )}
      </div>
    </div>
  );
}

function OrderMissing({ number, backHref }: { number: string; backHref: string }) {
  return (
    <div className="rounded-card border border-dashed border-line bg-white px-6 py-12 text-center">
      <h2 className="text-2xl">Order Not Found</h2>
      <p className="mt-1 text-sm text-muted">There is no order {number}.</p>
      <Link to={backHref} className="mt-4 inline-block text-sm text-gold-deep underline">
        Back to orders
      </Link>
    </div>
  );
}
