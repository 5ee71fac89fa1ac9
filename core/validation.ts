import type { z } from 'zod';
import { AppError, type FieldErrors } from './errors';

/**
 * Parses input with a zod schema; a bad value becomes an AppError naming each field and what is wrong:
 * BAD_REQUEST (400) when the input does not have the shape the schema (and so the OpenAPI document)
 * describes, UNPROCESSABLE (422) when it has and only a refinement refuses it (a Nigerian address
 * naming no Nigerian state): a rule the document cannot state (decision 0030).
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, raw: unknown): z.output<Schema> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.map(String).join('.') || 'body';
    fields[name] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  throw new AppError(
    parsed.error.issues.every((issue) => issue.code === 'custom') ? 'UNPROCESSABLE' : 'BAD_REQUEST',
    first ? (first[0] === 'body' ? first[1] : `${first[0]}: ${first[1]}`) : 'The request is not valid.',
    fields,
  );
}

/** Whether an id from the outside has a UUID's shape (a user's or an invitation's): anything else finds nothing. */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id);
