import { Section } from '@react-email/components';
import { formatNaira } from '../../../contracts/money';

/** One line of an order as a mail lists it. */
export interface MailOrderItem {
  name: string;
  /** "Olive, size M" (and the SKU for the shop's staff); '' when the piece has no options. */
  details: string;
  quantity: number;
  lineTotalKobo: number;
}

/** One figure under the items: "Subtotal", "Shipping, Express (1–2 days)", "Total"… */
export interface MailOrderTotal {
  label: string;
  /** As the shopper reads it: "₦65,000", "Free", "−₦6,500". */
  amount: string;
  /** The sum to pay, set apart. */
  grand?: boolean;
}

export interface MailOrderSummary {
  items: MailOrderItem[];
  totals: MailOrderTotal[];
}

/** "2 × Linen Shirt (Olive, size M): ₦130,000": the line as the plain-text part reads it. */
export function orderItemLine(item: MailOrderItem): string {
  const details = item.details ? ` (${item.details})` : '';
  return `${item.quantity} × ${item.name}${details}: ${formatNaira(item.lineTotalKobo)}`;
}

/** The summary's lines in the plain-text part: each item, then each figure. */
export function orderSummaryLines(summary: MailOrderSummary): string[] {
  return [
    ...summary.items.map(orderItemLine),
    ...summary.totals.map((total) => `${total.label}: ${total.amount}`),
  ];
}

const ink = '#17140f';
const muted = '#6b6358';
const rule = '#e4ddd3';
const cell = { padding: '10px 0', fontSize: '14px', lineHeight: '1.4', verticalAlign: 'top' } as const;
const heading = {
  padding: '0 0 8px',
  fontSize: '11px',
  letterSpacing: '1px',
  textTransform: 'uppercase',
  fontWeight: 'normal',
  color: muted,
  borderBottom: `1px solid ${ink}`,
} as const;

/**
 * The order's items and totals as a table: the piece with its size and colour, the quantity and the
 * line's price, then the figures down to the total. It fits a phone's width: three narrow columns.
 */
export function OrderSummary({ summary }: { summary: MailOrderSummary }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <table width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', color: ink }}>
        <thead>
          <tr>
            <th align="left" style={heading}>
              Item
            </th>
            <th align="center" style={{ ...heading, width: '44px' }}>
              Qty
            </th>
            <th align="right" style={{ ...heading, width: '110px' }}>
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.items.map((item, index) => (
            <tr key={index}>
              <td style={{ ...cell, borderBottom: `1px solid ${rule}` }}>
                {item.name}
                {item.details ? (
                  <>
                    <br />
                    <span style={{ fontSize: '12px', color: muted }}>{item.details}</span>
                  </>
                ) : null}
              </td>
              <td align="center" style={{ ...cell, borderBottom: `1px solid ${rule}` }}>
                {item.quantity}
              </td>
              <td align="right" style={{ ...cell, borderBottom: `1px solid ${rule}`, whiteSpace: 'nowrap' }}>
                {formatNaira(item.lineTotalKobo)}
              </td>
            </tr>
          ))}
          {summary.totals.map((total, index) => (
            <tr key={`total-${index}`}>
              <td
                colSpan={2}
                style={{
                  ...cell,
                  padding: total.grand ? '12px 0 6px' : '6px 0',
                  fontWeight: total.grand ? 'bold' : 'normal',
                  borderTop: total.grand ? `1px solid ${ink}` : undefined,
                }}
              >
                {total.label}
              </td>
              <td
                align="right"
                style={{
                  ...cell,
                  padding: total.grand ? '12px 0 6px' : '6px 0',
                  fontWeight: total.grand ? 'bold' : 'normal',
                  borderTop: total.grand ? `1px solid ${ink}` : undefined,
                  whiteSpace: 'nowrap',
                }}
              >
                {total.amount}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
