/**
 * Money is integer kobo (docs/decisions/0075-money-in-kobo.md): the lint rule that keeps every
 * conversion between kobo and naira in contracts/money.ts, run through the shop's own ESLint
 * configuration, so the folders it covers and the ones it leaves out are the real ones.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'rossy/kobo-conversions-in-money';
let eslint: ESLint;

beforeAll(() => {
  // Only this rule runs, read without types: a planted file is in no tsconfig, and the rule reads names.
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId === RULE,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  });
});

/** What the rule reports for `code` placed at `file`: the name it read as money, by line. */
async function reported(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === RULE)
    .map(
      (message) =>
        `${message.line}: ${/^(.+?) [/*] 100 turns/.exec(message.message)?.[1] ?? message.message}`,
    );
}

const planted = `interface Order {
  totalKobo: number;
  lines: { priceKobo: number }[];
}

export function planted(order: Order, amount: number, naira: string, paidKobo: (id: number) => number) {
  const total = order.totalKobo / 100;
  const kobo = Math.round(amount * 100);
  const typed = Number(naira) * 100;
  const first = order.lines[0]!.priceKobo / 100;
  const paid = paidKobo(1) / 100;
  const ceiling = (order.totalKobo ?? 0) / 100;
  let cost = 12.5;
  cost *= 100;
  const subtotal = 100 * (amount as number);
  return [total, kobo, typed, first, paid, ceiling, cost, subtotal];
}
`;
const plantedLines = [
  '7: totalKobo',
  '8: amount',
  '9: naira',
  '10: priceKobo',
  '11: paidKobo()',
  '12: totalKobo',
  '14: cost',
  '15: amount',
];

describe('only contracts/money.ts turns kobo into naira and back', () => {
  it('reports each conversion planted in core, the pages, the server, the seed and the contracts', async () => {
    for (const file of [
      'core/orders/planted.ts',
      'core/payments/planted.ts',
      'app/features/catalog/planted.tsx',
      'server/api/payments/planted.ts',
      'seed/planted.ts',
      'contracts/planted.ts',
    ])
      expect(await reported(file, planted), file).toEqual(plantedLines);
  }, 60_000);

  it('leaves percentages, screen widths, progress bars and stars alone', async () => {
    const fine = `export function fine(rating: number, loaded: number, total: number, used: number, limit: number, width: number) {
  const stars = \`\${(Math.max(0, Math.min(5, rating)) / 5) * 100}%\`;
  const progress = Math.round((loaded / total) * 100);
  const share = Math.min(100, Math.round((used / limit) * 100));
  const half = width / 100;
  const percent = Math.round((total * 7.5) / 100);
  return [stars, progress, share, half, percent];
}
`;
    expect(await reported('app/features/admin/fine.tsx', fine)).toEqual([]);
  });

  it('lets contracts/money.ts and the tests convert by hand', async () => {
    for (const file of ['contracts/money.ts', 'tests/fixtures/planted.ts', 'core/orders/planted.test.ts'])
      expect(await reported(file, planted), file).toEqual([]);
  }, 60_000);
});
