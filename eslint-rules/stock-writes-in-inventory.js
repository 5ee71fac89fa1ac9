/**
 * One home for stock (docs/decisions/0067-inventory-ledger.md): only core/inventory changes a size ×
 * colour's `stock` (product_variants) or a product's sold count (`sold_count`, `soldCount`). This rule
 * reports, wherever eslint.config.js turns it on, a write of either:
 *
 *   - in SQL text (a string, a template, drizzle's sql`…` with its tables and columns read by name):
 *     `UPDATE product_variants … SET … stock =`, `INSERT INTO product_variants (… stock …)`,
 *     `UPDATE products … SET … sold_count =`, `INSERT INTO products (… sold_count …)`;
 *   - through drizzle: `.update(productVariants).set({ stock })`, `.insert(productVariants).values({
 *     stock })` (or an array of rows), and `soldCount` in any `.set`, `.values` or
 *     `onConflictDoUpdate({ set })`.
 *
 * Reading them is fine, and so is any other column of those tables.
 */

/** What drizzle's names stand for in SQL, so sql`UPDATE ${productVariants} SET ${productVariants.stock} = …` reads as SQL. */
const SQL_NAMES = {
  productVariants: 'product_variants',
  products: 'products',
  stock: 'stock',
  soldCount: 'sold_count',
};

/** Which column of which table is written only by core/inventory. */
const GUARDED = { product_variants: 'stock', products: 'sold_count' };

const bareName = (name) => name.replace(/"/g, '').split('.').pop().toLowerCase();

/** The guarded columns a piece of SQL text writes: 'product_variants.stock', 'products.sold_count'. */
export function guardedSqlWrites(text) {
  const found = new Set();
  const assigns = (clause, column) =>
    new RegExp(`(^|[\\s,(])(?:"?\\w+"?\\.)?"?${column}"?\\s*=(?!=)`, 'i').test(clause);
  const updates =
    /\bUPDATE\s+(?:ONLY\s+)?("?[\w.]+"?)(?:\s+(?:AS\s+)?(?!SET\b)\w+)?\s+SET\b([\s\S]*?)(?=\bFROM\b|\bWHERE\b|\bRETURNING\b|;|$)/gi;
  for (const [, table, clause] of text.matchAll(updates)) {
    const column = GUARDED[bareName(table)];
    if (column && assigns(clause, column)) found.add(`${bareName(table)}.${column}`);
  }
  const inserts = /\bINSERT\s+INTO\s+("?[\w.]+"?)(?:\s+(?:AS\s+)?\w+)?\s*\(([^)]*)\)/gi;
  for (const [, table, columns] of text.matchAll(inserts)) {
    const column = GUARDED[bareName(table)];
    if (column && new RegExp(`(^|[\\s,"])${column}("|\\s|,|$)`, 'i').test(columns))
      found.add(`${bareName(table)}.${column}`);
  }
  // An upsert's DO UPDATE names no table: any assignment of the sold count is one.
  if (/\bDO\s+UPDATE\s+SET\b[\s\S]*?\bsold_count"?\s*=(?!=)/i.test(text)) found.add('products.sold_count');
  return [...found];
}

/** A template's text, its ${} read as SQL where they are drizzle's tables and columns. */
function templateText(template) {
  let text = template.quasis[0]?.value.cooked ?? '';
  template.expressions.forEach((expression, index) => {
    let name = '$';
    if (expression.type === 'Identifier') name = SQL_NAMES[expression.name] ?? '$';
    else if (expression.type === 'MemberExpression' && expression.property.type === 'Identifier')
      name = SQL_NAMES[expression.property.name] ?? '$';
    text += name + (template.quasis[index + 1]?.value.cooked ?? '');
  });
  return text;
}

const keyName = (property) =>
  property.type !== 'Property'
    ? null
    : property.key.type === 'Identifier'
      ? property.key.name
      : property.key.type === 'Literal'
        ? String(property.key.value)
        : null;

/** The table a drizzle chain starts from: the Identifier given to its update(…) or insert(…). */
function drizzleTable(callee) {
  for (let node = callee.object; node;) {
    if (
      node.type === 'CallExpression' &&
      node.callee.type === 'MemberExpression' &&
      node.callee.property.type === 'Identifier' &&
      ['update', 'insert'].includes(node.callee.property.name)
    ) {
      const [table] = node.arguments;
      return table?.type === 'Identifier' ? table.name : null;
    }
    if (node.type === 'CallExpression') node = node.callee;
    else if (node.type === 'MemberExpression') node = node.object;
    else return null;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const stockWritesInInventory = {
  meta: {
    type: 'problem',
    docs: { description: "Only core/inventory writes a size's stock or a product's sold count" },
    messages: {
      sql: "{{column}} is written only by core/inventory (docs/decisions/0067-inventory-ledger.md, 'One home for stock'): call its takeForSale, setAside, putBack, setCounts or makeCounted instead.",
    },
    schema: [],
  },
  create(context) {
    const report = (node, columns) => {
      for (const column of columns) context.report({ node, messageId: 'sql', data: { column } });
    };
    const rowsOf = (argument) =>
      argument?.type === 'ObjectExpression'
        ? [argument]
        : argument?.type === 'ArrayExpression'
          ? argument.elements.filter((element) => element?.type === 'ObjectExpression')
          : [];
    const keysOf = (argument) => rowsOf(argument).flatMap((row) => row.properties.map(keyName));
    return {
      Literal(node) {
        if (typeof node.value === 'string') report(node, guardedSqlWrites(node.value));
      },
      TemplateLiteral(node) {
        report(node, guardedSqlWrites(templateText(node)));
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        let keys = [];
        if (method === 'set' || method === 'values') keys = keysOf(node.arguments[0]);
        else if (method === 'onConflictDoUpdate') {
          const set = rowsOf(node.arguments[0])
            .flatMap((row) => row.properties)
            .find((property) => keyName(property) === 'set');
          keys = set ? keysOf(set.value) : [];
        } else return;
        const table = drizzleTable(callee);
        const written = [];
        if (keys.includes('soldCount')) written.push('products.soldCount');
        if (table === 'productVariants' && keys.includes('stock')) written.push('productVariants.stock');
        report(node, written);
      },
    };
  },
};

export default { rules: { 'stock-writes-in-inventory': stockWritesInInventory } };
