import { data, Link } from 'react-router';
import { loadAuditTab } from '../features/admin/audit-tab.server';
import { AuditTab } from '../features/admin/audit-tab';
import { adminActions } from '../features/admin/admin-actions.server';
import { AdminFrame } from '../features/admin/admin-frame';
import { ordersHref, returnsHref } from '../features/admin/admin-links';
import { readyAdminTab, type AdminActionResult } from '../features/admin/admin-texts';
import { loadAnnouncementsTab } from '../features/admin/announcements-tab.server';
import { AnnouncementsTab } from '../features/admin/announcements-tab';
import { loadBlogTab } from '../features/admin/blog-tab.server';
import { BlogTab } from '../features/admin/blog-tab';
import { loadCouponsTab } from '../features/admin/coupons-tab.server';
import { CouponsTab } from '../features/admin/coupons-tab';
import { loadInventoryTab } from '../features/admin/inventory-tab.server';
import { InventoryTab } from '../features/admin/inventory-tab';
import { loadMessagesTab } from '../features/admin/messages-tab.server';
import { MessagesTab } from '../features/admin/messages-tab';
import { OrderPanel } from '../features/admin/order-panel';
import { loadOrdersTab } from '../features/admin/orders-tab.server';
import { OrdersTab } from '../features/admin/orders-tab';
import { loadOutboxTab } from '../features/admin/outbox-tab.server';
import { OutboxTab } from '../features/admin/outbox-tab';
import { loadOverviewTab } from '../features/admin/overview-tab.server';
import { OverviewTab } from '../features/admin/overview-tab';
import { loadPaymentsTab } from '../features/admin/payments-tab.server';
import { PaymentsTab } from '../features/admin/payments-tab';
import { loadProductsTab } from '../features/admin/products-tab.server';
import { ProductsTab } from '../features/admin/products-tab';
import { ReturnPanel } from '../features/admin/returns-panel';
import { loadReturnsTab } from '../features/admin/returns-tab.server';
import { ReturnsTab } from '../features/admin/returns-tab';
import { loadSettingsTab } from '../features/admin/settings-tab.server';
import { SettingsTab } from '../features/admin/settings-tab';
import { loadStaffTab } from '../features/admin/staff-tab.server';
import { StaffTab } from '../features/admin/staff-tab';
import { loadUsersTab } from '../features/admin/users-tab.server';
import { UsersTab } from '../features/admin/users-tab';
import { formText } from '../lib/action-result.server';
import { adminTabPermissions, FORBIDDEN_MESSAGE, landingTab } from '../../core/accounts/permissions';
import { actionPermission } from '../../core/commands';
import { requireStaff } from '../lib/guards.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/admin';

/**
 * The admin dashboard: one tab at a time, named in the URL (?tab=…) so it survives a reload and can
 * be shared. Each tab's data and actions live in app/features/admin/<tab>-tab.server.ts; this route
 * checks the role and dispatches.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { staff: admin, access } = requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const asked = params.get('tab');
  // Without a tab, each role lands on the first tab it opens (the Overview for owners and managers).
  const tab = readyAdminTab(asked ?? landingTab(admin.role));
  requireStaff(context, request, adminTabPermissions[tab]);
  const args = { context, request, params, admin };
  switch (tab) {
    case 'users':
      return { access, tab, users: await loadUsersTab(args) };
    case 'staff':
      return { access, tab, staff: await loadStaffTab(args) };
    case 'products':
      return { access, tab, products: await loadProductsTab(args) };
    case 'inventory':
      return { access, tab, inventory: await loadInventoryTab(args) };
    case 'orders':
      return { access, tab, orders: await loadOrdersTab(args) };
    case 'returns':
      return { access, tab, returns: await loadReturnsTab(args) };
    case 'payments':
      return { access, tab, payments: await loadPaymentsTab(args) };
    case 'settings':
      return { access, tab, settings: await loadSettingsTab(args) };
    case 'coupons':
      return { access, tab, coupons: await loadCouponsTab(args) };
    case 'messages':
      return { access, tab, messages: await loadMessagesTab(args) };
    case 'blog':
      return { access, tab, blog: await loadBlogTab(args) };
    case 'announcements':
      return { access, tab, announcements: await loadAnnouncementsTab(args) };
    case 'outbox':
      return { access, tab, outbox: await loadOutboxTab(args) };
    case 'audit':
      return { access, tab, audit: await loadAuditTab(args) };
    default:
      return { access, tab: 'overview' as const, overview: await loadOverviewTab(args) };
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { staff: admin, permissions } = requireStaff(context, request);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const handler = Object.hasOwn(adminActions, intent) ? adminActions[intent] : undefined;
  // Each action's permission is the table's (core/accounts/permissions.ts); an action missing from it is
  // refused. The role is asked first, so what it may not do is refused alike, built or not.
  const needed = actionPermission(intent);
  const forbidden = data<AdminActionResult>(
    { ok: false, intent, error: FORBIDDEN_MESSAGE, fields: {} },
    { status: 403 },
  );
  if (needed && !permissions.includes(needed)) return forbidden;
  if (!handler)
    return data<AdminActionResult>(
      { ok: false, intent, error: 'Unknown action.', fields: {} },
      { status: 400 },
    );
  if (!needed) return forbidden;
  return handler({ context, request, form, admin });
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
    <AdminFrame access={loaderData.access} current={loaderData.tab}>
      <TabBody data={loaderData} />
    </AdminFrame>
  );
}

function TabBody({ data: loaded }: { data: Route.ComponentProps['loaderData'] }) {
  switch (loaded.tab) {
    case 'users':
      return <UsersTab data={loaded.users} />;
    case 'staff':
      return <StaffTab data={loaded.staff} />;
    case 'products':
      return <ProductsTab data={loaded.products} />;
    case 'inventory':
      return <InventoryTab data={loaded.inventory} />;
    case 'orders': {
      const { order, moves, reviews, refunds, refundable, orderRefunds, carriers, list, filter, missing } =
        loaded.orders;
      if (order)
        return (
          <OrderPanel
            order={order}
            moves={moves}
            reviews={reviews}
            refunds={refunds}
            refundable={refundable}
            orderRefunds={orderRefunds}
            carriers={carriers}
            backHref={ordersHref(filter)}
          />
        );
      if (list) return <OrdersTab list={list} filter={filter} />;
      return <OrderMissing number={missing ?? ''} backHref={ordersHref(filter)} />;
    }
    case 'returns': {
      const { view, instructions, carriers, list, filter, missing } = loaded.returns;
      if (view)
        return (
          <ReturnPanel
            view={view}
            instructions={instructions}
            carriers={carriers}
            backHref={returnsHref(filter)}
          />
        );
      if (list) return <ReturnsTab list={list} filter={filter} />;
      return <ReturnMissing number={missing ?? ''} backHref={returnsHref(filter)} />;
    }
    case 'payments':
      return (
        <PaymentsTab
          transactions={loaded.payments.transactions}
          refunds={loaded.payments.refunds}
          filter={loaded.payments.filter}
        />
      );
    case 'settings':
      return <SettingsTab data={loaded.settings} />;
    case 'coupons':
      return <CouponsTab data={loaded.coupons} />;
    case 'messages':
      return <MessagesTab data={loaded.messages} />;
    case 'blog':
      return <BlogTab data={loaded.blog} />;
    case 'announcements':
      return <AnnouncementsTab data={loaded.announcements} />;
    case 'outbox':
      return <OutboxTab data={loaded.outbox} />;
    case 'audit':
      return <AuditTab data={loaded.audit} />;
    default:
      return <OverviewTab {...loaded.overview} />;
  }
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

function ReturnMissing({ number, backHref }: { number: string; backHref: string }) {
  return (
    <div className="rounded-card border border-dashed border-line bg-white px-6 py-12 text-center">
      <h2 className="text-2xl">Return Not Found</h2>
      <p className="mt-1 text-sm text-muted">There is no return {number}.</p>
      <Link to={backHref} className="mt-4 inline-block text-sm text-gold-deep underline">
        Back to returns
      </Link>
    </div>
  );
}
