import { ChevronLeft } from 'lucide-react';
import { Form, Link } from 'react-router';
import { addDays, lagosRange, lagosToday, REPORT_PRESETS } from '../../core/reports/range';
import { returnsReport } from '../../core/reports/returns';
import { buildShopReport } from '../../core/reports/shop-report';
import { vitalsReport } from '../../core/reports/vitals';
import { isAppError } from '../../core/errors';
import { Button } from '../components/ui/button';
import { inputClasses } from '../components/ui/field';
import { ActionNotice, labelClasses } from '../features/admin/admin-nav';
import { formatDay } from '../features/admin/report-cards';
import { ReturnsCard } from '../features/admin/report-returns';
import { StockValueCard } from '../features/admin/report-stock-value';
import { VitalsCard } from '../features/admin/vitals-report';
import {
  AdminActionsCard,
  FeedbackCard,
  InventoryCard,
  MarketingCard,
  OrdersCard,
  SalesCard,
  TrafficCard,
  UsersCard,
} from '../features/admin/report-sections';
import { cn } from '../lib/cn';
import { adminPagePermissions } from '../../core/accounts/permissions';
import { adminActionPermissions } from '../../core/commands';
import { requireStaff } from '../lib/guards.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/admin-reports';

/**
 * The shop's reports for a range of Lagos days (?from=yyyy-mm-dd&to=yyyy-mm-dd, both included; the
 * last 30 days by default). A range that makes no sense is said so, and the default range is shown.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { staff: admin, permissions } = requireStaff(
    context,
    request,
    adminPagePermissions['/admin/reports'],
  );
  const params = new URL(request.url).searchParams;
  const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const db = context.services.db;
  let error: string | null = null;
  let report;
  try {
    report = await buildShopReport(db, asked);
  } catch (caught) {
    if (!isAppError(caught) || (caught.code !== 'BAD_REQUEST' && caught.code !== 'UNPROCESSABLE'))
      throw caught;
    error = `${caught.message} Showing the last 30 days instead.`;
    report = await buildShopReport(db, {});
  }
  const today = lagosToday();
  const [returns, vitals, settings] = await Promise.all([
    returnsReport(db, lagosRange(report.range.from, report.range.to)),
    vitalsReport(db),
    context.services.shopSettings(),
  ]);
  return {
    name: admin.name,
    report,
    returns,
    vitals: {
      report: vitals,
      samplePercent: settings.vitalsSamplePercent,
      canEdit: permissions.includes(adminActionPermissions['vitals-sample-rate']!),
    },
    error,
    asked,
    presets: REPORT_PRESETS.map((days) => ({ days, from: addDays(today, -(days - 1)), to: today })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Reports',
    description: 'The Rossy admin area.',
    noindex: true,
    ...rootMeta(matches),
  });
}

export default function AdminReportsPage({ loaderData }: Route.ComponentProps) {
  const { report, returns, vitals, presets, error, asked } = loaderData;
  const { range } = report;
  return (
    <div className="container-shop py-8 lg:py-10">
      <header className="mb-6">
        <Link
          to="/admin"
          className="inline-flex items-center gap-1 text-sm text-gold-deep underline-offset-4 hover:underline"
        >
          <ChevronLeft width={16} height={16} aria-hidden="true" /> Dashboard
        </Link>
        <p className="eyebrow mt-4">Signed in as {loaderData.name}</p>
        <h1 className="mt-2 text-display-md sm:text-display-lg">Reports</h1>
        <p className="mt-2 text-sm text-ink-soft" data-testid="report-range">
          {formatDay(range.from, true)} – {formatDay(range.to, true)} · {range.days}{' '}
          {range.days === 1 ? 'day' : 'days'}, Lagos time. All amounts in naira.
        </p>
      </header>

      <div className="mb-6 space-y-4 rounded-card border border-line bg-white p-4 sm:p-5">
        <nav aria-label="Report ranges" className="flex flex-wrap gap-2">
          {presets.map((preset) => {
            const active = preset.from === range.from && preset.to === range.to;
            return (
              <Link
                key={preset.days}
                to={`/admin/reports?from=${preset.from}&to=${preset.to}`}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center rounded-full border px-4 text-sm transition-colors',
                  active ? 'border-ink bg-ink text-paper' : 'border-line text-ink hover:border-gold-deep',
                )}
              >
                Last {preset.days} days
              </Link>
            );
          })}
        </nav>
        <Form
          method="get"
          action="/admin/reports"
          aria-label="Report dates"
          className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem_12rem_auto] sm:items-end"
        >
          <div className="space-y-1.5">
            <label htmlFor="report-from" className={labelClasses}>
              From
            </label>
            <input
              id="report-from"
              name="from"
              type="date"
              required
              defaultValue={error ? asked.from : range.from}
              className={inputClasses}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="report-to" className={labelClasses}>
              To
            </label>
            <input
              id="report-to"
              name="to"
              type="date"
              required
              defaultValue={error ? asked.to : range.to}
              className={inputClasses}
            />
          </div>
          <Button type="submit" className="col-span-2 h-11 sm:col-span-1 sm:justify-self-start">
            Show
          </Button>
        </Form>
        {error ? <ActionNotice tone="error">{error}</ActionNotice> : null}
      </div>

      <div className="space-y-6">
        <SalesCard sales={report.sales} />
        <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
          <OrdersCard orders={report.orders} />
          <UsersCard users={report.users} />
        </div>
        <TrafficCard traffic={report.traffic} />
        <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
          <InventoryCard inventory={report.inventory} />
          <FeedbackCard feedback={report.feedback} />
        </div>
        <StockValueCard value={report.stockValue} />
        <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
          <MarketingCard marketing={report.marketing} />
          <AdminActionsCard admin={report.admin} />
        </div>
        <ReturnsCard returns={returns} />
        <VitalsCard vitals={vitals.report} samplePercent={vitals.samplePercent} canEdit={vitals.canEdit} />
      </div>
    </div>
  );
}
