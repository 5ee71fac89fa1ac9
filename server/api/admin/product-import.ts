import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contracts/api-error';
import {
  DEFAULT_IMPORT_VARIANTS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importVariantChoices,
  type ImportReport,
  type ImportVariantChoice,
} from '../../../contracts/product-import';
import { runCommand } from '../../../core/commands';
import { AppError, isAppError } from '../../../core/errors';
import { staffCommand } from './actor';
import { documentedBody, errorResponses, errorSchema, ruleAnswers } from '../schemas';

const combinationSchema = z.object({
  size: z.string().nullable().describe('null when the product has no sizes'),
  color: z.string().nullable().describe('null when the product has no colours'),
});

const reportSchema = z.object({
  dryRun: z.boolean(),
  variants: z
    .enum(importVariantChoices)
    .describe("The choice the report was made with: 'rows' (only the file's rows) or 'grid' (the full grid)"),
  applied: z.boolean().describe('True when the file was written to the shop'),
  rows: z.number().describe('Data rows read, blank lines left out'),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  variantsCreated: z.number(),
  variantsUpdated: z.number(),
  addedCombinationCount: z
    .number()
    .describe('Size × colour combinations the full grid adds that no row names, over every product'),
  products: z.array(
    z.object({
      action: z.enum(['create', 'update', 'unchanged']),
      id: z.number().nullable().describe('null for a product a check would create'),
      name: z.string(),
      rows: z.array(z.number()),
      variantsCreated: z.number(),
      variantsUpdated: z.number(),
      stock: z.number(),
      addedCombinations: z
        .array(combinationSchema)
        .describe(
          "The size × colour combinations the full grid adds to this product that no row names, at 0 units: made with variants 'grid', left out with 'rows'. At most 1,000 in the whole report.",
        ),
      addedCombinationCount: z.number().describe('How many there are for this product, whole'),
      url: z.string().nullable(),
    }),
  ),
  productCount: z.number(),
  errors: z.array(
    z.object({
      row: z.number().describe('As a spreadsheet numbers it: the header is row 1'),
      column: z.string().optional(),
      message: z.string(),
    }),
  ),
  errorCount: z.number(),
});

/** A refused file: the shop's error, and the check's report (every bad row) when there is one. */
const refusedSchema = apiErrorSchema.extend(reportSchema.partial().shape);

const NO_FILE = 'Choose a CSV file to import (multipart field "file").';
const BAD_VARIANTS = `Choose ${importVariantChoices.map((choice) => `"${choice}"`).join(' or ')} for variants.`;
const VARIANTS_DESCRIPTION =
  "Which variants the import makes: 'rows' (the default) makes each row of the file a variant and no other size × colour; 'grid' fills each product's sizes × colours, the cells no row names at 0 units. A check lists those cells either way (addedCombinations).";
const TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`;

function refusal(report: ImportReport, problem: 'file' | 'rows') {
  const bad = report.errorCount;
  const message =
    problem === 'file'
      ? (report.errors[0]?.message ?? 'The file could not be read.')
      : `${bad} ${bad === 1 ? 'problem' : 'problems'} in the file: nothing was imported. Fix the rows listed and try again.`;
  return {
    error: { code: 'UNPROCESSABLE', message },
    ...report,
  };
}

/**
 * POST /api/admin/products/import: a CSV of products, one row per size and colour (decision 0033).
 * Administrators only (the admin folder's guard).
 */
export const adminProductImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });

  app.post(
    '/admin/products/import',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Import products from a CSV file (multipart field `file`, UTF-8, a header row, one row per size and colour); ?dryRun=true checks it and writes nothing',
        description: [
          `Columns (any order; case, spaces and underscores ignored): handle, product id, name, description, category (id or name), brand, price, original price, size, colour, colour hex, sku, stock, variant price, image url (a /media/ photo the shop has), new, hot, free shipping.`,
          'Rows are grouped into products by product id, else handle, else name; a row with only a SKU the shop has updates that variant.',
          `Form field \`variants\`: ${VARIANTS_DESCRIPTION}`,
          `With dryRun=true: 200 with what would be created and updated and every bad row. Without: the whole file in one transaction (200), or nothing: 422 with every bad row.`,
          `Up to ${IMPORT_MAX_BYTES / 1024 / 1024} MB (413 above) and ${IMPORT_MAX_ROWS.toLocaleString('en')} rows; a file that is not such a CSV (not UTF-8, a quote left open, an unknown column) answers 422 with its first problem, a check included.`,
        ].join(' '),
        consumes: ['multipart/form-data'],
        querystring: z.object({
          dryRun: z.enum(['true', 'false']).optional().describe('true: check only, write nothing'),
        }),
        response: {
          ...errorResponses,
          ...ruleAnswers,
          200: reportSchema,
          409: errorSchema,
          413: errorSchema,
          422: refusedSchema,
        },
      },
      config: {
        swaggerTransform: documentedBody({
          'multipart/form-data': {
            type: 'object',
            properties: {
              file: { type: 'string', format: 'binary', minLength: 1, maxLength: IMPORT_MAX_BYTES },
              variants: {
                type: 'string',
                enum: [...importVariantChoices],
                default: DEFAULT_IMPORT_VARIANTS,
                description: VARIANTS_DESCRIPTION,
              },
            },
            required: ['file'],
          },
        }),
      },
    },
    async (request, reply) => {
      const dryRun = request.query.dryRun === 'true';
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', NO_FILE, { file: NO_FILE });
      let bytes: Buffer | null = null;
      let variants: ImportVariantChoice = DEFAULT_IMPORT_VARIANTS;
      try {
        // The file and the variants field, in whichever order the client sends them.
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') throw new AppError('BAD_REQUEST', NO_FILE, { file: NO_FILE });
            bytes = await part.toBuffer();
          } else if (part.fieldname === 'variants') {
            const value = importVariantChoices.find((choice) => choice === part.value);
            if (!value) throw new AppError('BAD_REQUEST', BAD_VARIANTS, { variants: BAD_VARIANTS });
            variants = value;
          }
        }
        if (!bytes) throw new AppError('BAD_REQUEST', NO_FILE, { file: NO_FILE });
      } catch (error) {
        if (isAppError(error)) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          return reply
            .status(413)
            .send({ error: { code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE, fields: { file: TOO_LARGE } } });
        throw new AppError('BAD_REQUEST', 'The upload was incomplete. Please try again.', {
          file: 'The upload was incomplete. Please try again.',
        });
      }
      const { report, problem } = await runCommand('products.import', staffCommand(app.services, request), {
        file: bytes,
        dryRun,
        variants,
      });
      // A file the document allows (any bytes) that is not the shop's CSV is a rule no schema states: 422.
      if (problem === 'file') return reply.status(422).send(refusal(report, 'file'));
      if (problem === 'rows' && !dryRun) return reply.status(422).send(refusal(report, 'rows'));
      return report;
    },
  );
};
