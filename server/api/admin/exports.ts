import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { daySchema } from '../../../contracts/limits';
import { exportKinds, exportLabels, startCsvExport, type ExportKind } from '../../../core/reports/exports';
import { currentUser } from '../../plugins/session';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema };

const text = (max: number) => z.string().max(max).optional();
/** A day, or empty for none. */
const day = daySchema('Use a date like 2026-11-21').or(z.literal('')).optional();

/** Each export's query: the filters of its admin list. */
const queries: Record<ExportKind, z.ZodObject> = {
  orders: z.object({
    q: text(200).describe('Order number, customer name or e-mail'),
    status: text(40).describe('awaiting_payment, processing, shipped, delivered or cancelled'),
  }),
  products: z.object({
    q: text(200).describe('Name, brand, category or id'),
    category: text(80).describe('A category or department id'),
    stock: text(40).describe(
      'in_stock, low_stock (some size or colour below 5 or sold out) or out_of_stock (none left in any)',
    ),
    status: text(40).describe('active or archived'),
  }),
  users: z.object({ q: text(200).describe('Name or e-mail') }),
  transactions: z.object({
    q: text(200).describe('Id, reference, order, customer name or e-mail'),
    status: text(40).describe('pending, successful or failed'),
    from: day.describe('yyyy-mm-dd; the last 30 days when neither date is given'),
    to: day.describe('yyyy-mm-dd'),
  }),
  refunds: z.object({
    q: text(200).describe('Order number, reason, staff e-mail, provider reference or customer e-mail'),
    status: text(40).describe('pending, completed or failed'),
    from: day.describe('yyyy-mm-dd; the last 30 days when neither date is given'),
    to: day.describe('yyyy-mm-dd'),
  }),
};

/**
 * /api/admin/export/{kind}.csv: administrators only, checked on the server. The file is streamed:
 * rows are read in batches and written as they come, so a large shop never fills the memory.
 */
export const adminExportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of exportKinds) {
    app.get(
      `/admin/export/${kind}.csv`,
      {
        schema: {
          tags: ['admin'],
          summary: `${exportLabels[kind]} as a CSV file (UTF-8 with BOM, Excel-safe), with the list's filters${kind === 'products' ? ': one row per size and colour, with its SKU, stock and price' : ''}`,
          produces: ['text/csv'],
          querystring: queries[kind],
          response: {
            // The body is a stream of CSV text, not JSON; OpenAPI shows it as text/csv.
            200: z.unknown().describe('CSV, RFC 4180; money in naira with two decimals; times in Lagos'),
            ...adminErrors,
          },
        },
      },
      async (request, reply) => {
        const { id, email } = currentUser(request);
        const exported = await startCsvExport(app.db, { id, email }, kind, request.query);
        async function* bytes() {
          for await (const chunk of exported.chunks()) yield Buffer.from(chunk, 'utf8');
        }
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exported.filename}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Readable.from(bytes(), { objectMode: false }));
      },
    );
  }
};
