/**
 * The product CSV's columns, one row per size and colour (decision 0036): the products export writes
 * them all; the first are those the product import reads (decision 0033), spelt as it reads them, so
 * an exported file can be edited and imported again: a product's rows share its Product ID; Price is
 * the product's, Variant price the size's own (empty: the product's). The rest are for reading only.
 */
export const productExportColumns = {
  importable: [
    'Product ID',
    'Name',
    'Description',
    'Category',
    'Brand',
    'Price',
    'Original price',
    'Size',
    'Colour',
    'Colour hex',
    'SKU',
    'Stock',
    'Variant price',
    'Image URL',
    'New',
    'Hot',
    'Free shipping',
  ],
  readOnly: [
    'Category name',
    'Department',
    'Stock status',
    'Selling price',
    'Product stock',
    'Product stock status',
    'Status',
    'Sold',
    'Rating',
    'Reviews',
    'Created',
    'Updated',
  ],
} as const;
