import { apiErrorSchema } from '../../contracts/api-error';

export const errorSchema = apiErrorSchema;

/** The error answers most routes can give, for the OpenAPI document. */
export const errorResponses = {
  400: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;
