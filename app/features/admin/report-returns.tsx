import { Link } from 'react-router';
import { returnReasonIds, returnReasonNames } from '../../../contracts/returns';
import type { ReasonCounts, ReturnsReport, ReturnsReportRow } from '../../../core/reports/returns';
import { sizeLabel } from '../../components/orders/order-status';
import { EmptyNote, formatCount, formatPercent, ReportCard, ShareBar, Stat, StatGrid } from './report-cards';

/*
 * The Returns card of /admin/reports: how many of the units sold came back, and why, per product and
 * per size (core/reports/returns.ts counts them). Its tables scroll sideways on a phone.
 */

const rate = (value: number | null) => (value === null ? '—' : formatPercent(value));

/** The reasons given, most units first: "Too small 3 · Damaged 1". */
function reasonText(reasons: ReasonCounts): string {
  return returnReasonIds
    .filter((reason) => reasons[reason] > 0)
    .sort((a, b) => reasons[b] - reasons[a])
    .map((reason) => `${returnReasonNames[reason]} ${formatCount(reasons[reason])}`)
    .join(' · ');
}

function RowsTable({
  caption,
  first,
  rows,
  testId,
  label,
}: {
  caption: string;
  first: string;
  rows: ReturnsReportRow[];
  testId: string;
  label: (row: ReturnsReportRow) => React.ReactNode;
}) {
  const head = [first, 'Sold', 'Returned', 'Rate', 'Reasons'];
  return (
    <div className="-mx-1 overflow-x-auto px-1">
      <table className="w-full min-w-[34rem] text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line text-xs tracking-wide text-ink-soft uppercase">
          <tr>
            {head.map((name, index) => (
              <th
                key={name}
                scope="col"
                className={`py-2 pr-3 font-medium last:pr-0 ${index > 0 && index < 4 ? 'text-right' : ''}`}
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={`${row.productId ?? row.name}-${row.size ?? ''}`}>
              <td className="py-2 pr-3 align-top">{label(row)}</td>
              <td className="py-2 pr-3 text-right align-top tabular-nums">{formatCount(row.unitsSold)}</td>
              <td className="py-2 pr-3 text-right align-top tabular-nums">
                {formatCount(row.unitsReturned)}
              </td>
              <td className="py-2 pr-3 text-right align-top font-medium tabular-nums">
                {rate(row.ratePercent)}
              </td>
              <td className="py-2 align-top text-xs text-ink-soft">{reasonText(row.reasons)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const productName = (row: ReturnsReportRow) =>
  row.productId === null ? (
    row.name
  ) : (
    <Link
      to={`/admin/products/${row.productId}`}
      className="underline-offset-4 hover:text-gold-deep hover:underline"
    >
      {row.name}
    </Link>
  );

export function ReturnsCard({ returns }: { returns: ReturnsReport }) {
  const total = returns.unitsReturned;
  return (
    <ReportCard
      id="returns"
      title="Returns"
      note="Units in returns asked in the range (declined ones left out) against units sold in the range. A piece sold earlier and returned now counts in this range, so a size can pass 100%."
    >
      <StatGrid columns={3}>
        <Stat
          testId="returns-rate"
          label="Return rate"
          value={rate(returns.ratePercent)}
          hint={`${formatCount(total)} of ${formatCount(returns.unitsSold)} units sold`}
        />
        <Stat
          testId="returns-count"
          label="Returns"
          value={formatCount(returns.returns)}
          hint={`${formatCount(returns.byResolution.refund)} for money back · ${formatCount(returns.byResolution.exchange)} ${returns.byResolution.exchange === 1 ? 'exchange' : 'exchanges'}`}
        />
        <Stat label="Units returned" value={formatCount(total)} hint="in returns not declined" />
      </StatGrid>
      {total === 0 ? (
        <div className="mt-5">
          <EmptyNote>No returns in this range.</EmptyNote>
        </div>
      ) : (
        <>
          <div className="mt-5">
            <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">
              Why they came back
            </h3>
            <div className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="returns-reasons">
              {returnReasonIds.map((reason) => (
                <ShareBar
                  key={reason}
                  label={returnReasonNames[reason]}
                  value={`${formatCount(returns.reasons[reason])} · ${formatPercent(Math.round((returns.reasons[reason] / total) * 1000) / 10)}`}
                  percent={(returns.reasons[reason] / total) * 100}
                />
              ))}
            </div>
          </div>
          <div className="mt-6">
            <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">Per product</h3>
            <div className="mt-2">
              <RowsTable
                testId="returns-products"
                caption="Return rate and reasons per product, the most returned first"
                first="Product"
                rows={returns.products}
                label={productName}
              />
            </div>
          </div>
          <div className="mt-6">
            <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">Per size</h3>
            <div className="mt-2">
              <RowsTable
                testId="returns-sizes"
                caption="Return rate and reasons per size of each product, the most returned first"
                first="Product and size"
                rows={returns.sizes}
                label={(row) => (
                  <span className="block min-w-0">
                    {productName(row)}
                    <span className="block text-xs text-ink-soft">{sizeLabel(row.size) ?? 'One size'}</span>
                  </span>
                )}
              />
            </div>
          </div>
        </>
      )}
    </ReportCard>
  );
}
