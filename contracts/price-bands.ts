// Kept free of zod: the browser imports this for the filters.

/** The price bands of the list filters, in naira. */
export const priceBands = [
  { id: 'under-25000', label: 'Under ₦25,000', max: 24_999.99 },
  { id: '25000-30000', label: '₦25,000 – ₦30,000', min: 25_000, max: 30_000 },
  { id: '30000-35000', label: '₦30,000 – ₦35,000', min: 30_000, max: 35_000 },
  { id: '35000-40000', label: '₦35,000 – ₦40,000', min: 35_000, max: 40_000 },
  { id: 'over-40000', label: 'Over ₦40,000', min: 40_000.01 },
] as const satisfies readonly { id: string; label: string; min?: number; max?: number }[];
