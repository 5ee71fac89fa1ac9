import { z } from 'zod';

export const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** The error answers most routes can give, for the OpenAPI document. */
export const errorResponses = {
  400: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;
