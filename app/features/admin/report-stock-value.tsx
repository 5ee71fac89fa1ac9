import { formatNaira } from '../../../contracts/money';
import type { StockValueReport } from '../../../core/reports/stock-value';
import { formatCount, formatPercent, ReportCard, Stat, StatGrid } from './report-cards';

/*
 * The Stock value card of /admin/reports: every unit on hand at every location, what it cost where the
 * owner gave a cost, what it sells for, and the margin between them (core/reports/stock-value.ts).
 */

const units = (count: number) => `${formatCount(count)} ${count === 1 ? 'unit' : 'units'}`;
const sizes = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'size or colour' : 'sizes and colours'}`;

export function StockValueCard({ value }: { value: StockValueReport }) {
  const costed = value.costedUnits > 0;
  return (
    <ReportCard
      id="stock-value"
      title="Stock value"
      note="Every unit the shop's locations hold now, on sale or not. At cost counts the sizes and colours with a cost (set in a product's grid, or with units received); the margin is (price − cost) ÷ price over them."
    >
      <StatGrid columns={4}>
        <Stat
          testId="stock-value-units"
          label="On hand"
          value={formatCount(value.units)}
          hint="units, every location"
        />
        <Stat
          wide
          testId="stock-value-cost"
          label="At cost"
          value={costed ? formatNaira(value.costValueKobo) : '—'}
          hint={
            value.uncostedUnits === 0
              ? value.units === 0
                ? 'Nothing on hand'
                : 'Every unit has a cost'
              : `${units(value.uncostedUnits)} without a cost (${sizes(value.uncostedVariants)}), not counted`
          }
        />
        <Stat
          wide
          testId="stock-value-retail"
          label="At selling price"
          value={formatNaira(value.retailValueKobo)}
          hint={
            costed && value.uncostedUnits > 0
              ? `${formatNaira(value.costedRetailValueKobo)} of it on units with a cost`
              : 'each size and colour at its own price or the product’s'
          }
        />
        <Stat
          testId="stock-value-margin"
          label="Margin"
          value={value.marginPercent === null ? '—' : formatPercent(value.marginPercent)}
          hint={costed ? `on ${units(value.costedUnits)} with a cost` : 'no unit on hand has a cost yet'}
        />
      </StatGrid>
    </ReportCard>
  );
}
