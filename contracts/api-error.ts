import { z } from 'zod';

/**
 * The one shape of every error the REST API answers: `{ error: { code, message, fields? } }`, where
 * `fields` names the form fields at fault. The server builds it (server/plugins/errors.ts), the
 * OpenAPI document declares it (server/api/schemas.ts), the browser reads it.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A failed answer as the browser reads it: any part may be missing (a proxy's page, a cut connection). */
export interface ApiErrorReply {
  error?: Partial<ApiErrorBody['error']>;
}
