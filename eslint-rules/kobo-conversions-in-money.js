/**
 * Money is integer kobo (docs/decisions/0075-money-in-kobo.md): naira appears only where a person
 * reads or types it and where the REST API and the payment providers speak it, and contracts/money.ts
 * alone turns one into the other and rounds. This rule reports, wherever eslint.config.js turns it on,
 * a conversion written by hand on an amount of money:
 *
 *   - `x / 100` and `x /= 100` (kobo to naira),
 *   - `x * 100`, `100 * x`, `x *= 100` and so `Math.round(x * 100)` (naira to kobo),
 *
 * where x reads as money by its name: an identifier, a member's property or a called function whose
 * name holds kobo, naira, price, amount, total, subtotal or cost (`priceKobo`, `order.totalKobo`,
 * `paidKobo(tx)`, `Number(naira)`, `(maxKobo ?? 0)`). A share or a percentage (`(part / total) * 100`)
 * is not a name and is left alone, as are screen widths, progress bars and stars.
 */

const MONEY = /kobo|naira|price|amount|total|cost/i;

/** Wrappers that change a value's type, not its name. */
const TRANSPARENT = new Set([
  'TSAsExpression',
  'TSNonNullExpression',
  'TSSatisfiesExpression',
  'TSTypeAssertion',
  'ChainExpression',
]);

/** Calls that read a number from a value and keep what it is: Number(naira), Math.round(kobo). */
const KEEPS_ITS_ARGUMENT = /^(Number|parseFloat|parseInt|round|trunc|floor|ceil|abs)$/;

function nameOf(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression') {
    if (!node.computed && node.property.type === 'Identifier') return node.property.name;
    if (node.property.type === 'Literal' && typeof node.property.value === 'string')
      return node.property.value;
  }
  return null;
}

/** The money name an expression reads as, or null. */
function moneyName(node) {
  while (node && TRANSPARENT.has(node.type)) node = node.expression;
  if (!node) return null;
  const name = nameOf(node);
  if (name !== null) return MONEY.test(name) ? name : null;
  if (node.type === 'CallExpression') {
    const callee = nameOf(node.callee);
    if (callee === null) return null;
    if (MONEY.test(callee)) return `${callee}()`;
    const [argument] = node.arguments;
    return KEEPS_ITS_ARGUMENT.test(callee) && argument ? moneyName(argument) : null;
  }
  if (node.type === 'LogicalExpression') return moneyName(node.left) ?? moneyName(node.right);
  return null;
}

const isHundred = (node) => node?.type === 'Literal' && node.value === 100;

/** @type {import('eslint').Rule.RuleModule} */
export const koboConversionsInMoney = {
  meta: {
    type: 'problem',
    docs: { description: 'Only contracts/money.ts turns kobo into naira and back' },
    messages: {
      toNaira:
        '{{name}} / 100 turns kobo into naira by hand: use contracts/money.ts (koboToNaira, nairaDigits, nairaInput, wholeNaira, formatNaira), which rounds one way (docs/decisions/0075-money-in-kobo.md).',
      toKobo:
        '{{name}} * 100 turns naira into kobo by hand: use contracts/money.ts (nairaToKobo, exactKobo, typedNairaToKobo, percentOf), which rounds one way (docs/decisions/0075-money-in-kobo.md).',
    },
    schema: [],
  },
  create(context) {
    const check = (node, operator, left, right) => {
      if (operator === '/' && isHundred(right)) {
        const name = moneyName(left);
        if (name) context.report({ node, messageId: 'toNaira', data: { name } });
      } else if (operator === '*') {
        const name = isHundred(right) ? moneyName(left) : isHundred(left) ? moneyName(right) : null;
        if (name) context.report({ node, messageId: 'toKobo', data: { name } });
      }
    };
    return {
      BinaryExpression(node) {
        check(node, node.operator, node.left, node.right);
      },
      AssignmentExpression(node) {
        if (node.operator === '/=' || node.operator === '*=')
          check(node, node.operator.slice(0, 1), node.left, node.right);
      },
    };
  },
};

export default { rules: { 'kobo-conversions-in-money': koboConversionsInMoney } };
