/**
 * Marks an order or payment made in TEST MODE (the shop's sandbox, no payment keys): paid with a test
 * card or a simulated transfer, no money moved, left out of revenue and reports.
 */
export function TestOrderBadge({ className = '' }: { className?: string }) {
  return (
    <span
      data-testid="test-order-badge"
      title="Paid in TEST MODE (a test card or a simulated transfer): no money moved"
      className={`inline-flex items-center rounded-sm border border-warning/40 bg-warning/10 px-1.5 py-px text-[10px] font-semibold uppercase tracking-[0.12em] text-warning ${className}`}
    >
      Test
    </span>
  );
}
