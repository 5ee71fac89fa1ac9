import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useHydrated } from '../../lib/use-hydrated';
import { formatDay } from './report-cards';

/*
 * The reports' charts (Recharts). Only /admin/reports imports this module, so the charting library
 * is in that page's script alone. Charts draw in the browser; the same numbers are always in a table
 * beside them, which is what screen readers and a browser without scripts get.
 */

export interface DailyPoint {
  day: string;
  value: number;
}

const colours = { bar: '#9a7446', grid: '#e6e0d6', axis: '#6b6358' };

/** A chart of one figure per day: bars for money, an area for counts. */
export function DailyChart({
  data,
  kind,
  label,
  format,
  formatAxis,
}: {
  data: DailyPoint[];
  kind: 'bar' | 'area';
  /** What the value is: 'Revenue', 'Page views'. */
  label: string;
  format: (value: number) => string;
  formatAxis?: (value: number) => string;
}) {
  const hydrated = useHydrated();
  if (!hydrated)
    return <div className="h-64 animate-pulse rounded-card bg-cream/60" data-testid="chart-placeholder" />;
  const axis = { stroke: colours.axis, fontSize: 12, tickLine: false, axisLine: false } as const;
  const common = {
    data,
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
    accessibilityLayer: false,
  };
  const xAxis = (
    <XAxis dataKey="day" {...axis} tickFormatter={(day: string) => formatDay(day)} minTickGap={24} />
  );
  const yAxis = <YAxis {...axis} width={72} tickFormatter={formatAxis ?? format} allowDecimals={false} />;
  const grid = <CartesianGrid stroke={colours.grid} vertical={false} />;
  const tooltip = (
    <Tooltip
      cursor={{ fill: 'rgba(154, 116, 70, 0.08)' }}
      formatter={(value) => [format(Number(value)), label]}
      labelFormatter={(day) => (typeof day === 'string' ? formatDay(day, true) : day)}
      contentStyle={{ borderRadius: 8, borderColor: colours.grid, fontSize: 13 }}
    />
  );
  return (
    <div className="h-64" aria-hidden="true" data-testid="chart">
      <ResponsiveContainer width="100%" height="100%">
        {kind === 'bar' ? (
          <BarChart {...common}>
            {grid}
            {xAxis}
            {yAxis}
            {tooltip}
            <Bar dataKey="value" name={label} fill={colours.bar} radius={[3, 3, 0, 0]} maxBarSize={28} />
          </BarChart>
        ) : (
          <AreaChart {...common}>
            {grid}
            {xAxis}
            {yAxis}
            {tooltip}
            <Area
              dataKey="value"
              name={label}
              type="monotone"
              stroke={colours.bar}
              fill={colours.bar}
              fillOpacity={0.15}
              strokeWidth={2}
            />
          </AreaChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
