/**
 * Whether a database error (or one it wraps, as the query builder does) is a unique violation, of an
 * index whose name contains `indexPrefix` when one is given.
 */
export function isUniqueViolation(error: unknown, indexPrefix = ''): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const record = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (record.code === '23505') {
      const name =
        typeof record.constraint === 'string'
          ? record.constraint
          : typeof record.message === 'string'
            ? record.message
            : '';
      return name.includes(indexPrefix);
    }
    current = record.cause;
  }
  return false;
}
