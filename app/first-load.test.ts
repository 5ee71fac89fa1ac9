import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { firstLoadGraph } from './first-load-graph';

/*
 * What every page's first load carries (app/first-load-graph.ts). A schema library in there is tens
 * of kilobytes each shopper downloads before the first tap: schemas belong to the server and to the
 * forms that load with their route. The payment windows' code loads with the pages that pay.
 */

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

describe("every page's first load", () => {
  test('reaches no schema library', () => {
    const { packages } = firstLoadGraph();
    expect(packages.get('zod'), `zod reached through ${packages.get('zod')?.join(' → ')}`).toBeUndefined();
  });

  test("carries the header and the bag's store, not the payment windows or the order pages' parts", () => {
    const modules = [...firstLoadGraph().modules].map((file) => path.relative(root, file));
    expect(modules).toContain('app/components/layout/header.tsx');
    expect(modules).toContain('app/lib/shop-stores.ts');
    expect(modules).not.toContain('app/lib/provider-checkout.ts');
    expect(modules.filter((file) => file.startsWith('app/features/admin/'))).toEqual([]);
  });

  test('the check sees a schema reached through a contract', () => {
    const { packages } = firstLoadGraph([path.join(root, 'contracts', 'accounts.ts')]);
    expect(packages.has('zod')).toBe(true);
  });
});
