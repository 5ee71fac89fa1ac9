import fc from 'fast-check';

/**
 * The part of OpenAPI 3.0's schema language the shop's document uses (zod's JSON Schema, turned into
 * OpenAPI by fastify-type-provider-zod): enough to check a value against it and to draw values from
 * it, as a schema-driven fuzzer does. A keyword outside this list fails loudly, so nothing is
 * silently taken as valid.
 */
export interface Schema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  default?: unknown;
  description?: string;
  title?: string;
  example?: unknown;
  examples?: unknown;
}

const KNOWN = new Set<string>([
  'type',
  'nullable',
  'enum',
  'anyOf',
  'oneOf',
  'allOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'default',
  'description',
  'title',
  'example',
  'examples',
]);

function checkKeywords(schema: Schema, where: string): void {
  for (const key of Object.keys(schema))
    if (!KNOWN.has(key)) throw new Error(`${where}: the schema keyword "${key}" is not understood`);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function lowerBound(schema: Schema): { value: number; exclusive: boolean } | null {
  if (typeof schema.exclusiveMinimum === 'number') return { value: schema.exclusiveMinimum, exclusive: true };
  if (schema.minimum === undefined) return null;
  return { value: schema.minimum, exclusive: schema.exclusiveMinimum === true };
}

function upperBound(schema: Schema): { value: number; exclusive: boolean } | null {
  if (typeof schema.exclusiveMaximum === 'number') return { value: schema.exclusiveMaximum, exclusive: true };
  if (schema.maximum === undefined) return null;
  return { value: schema.maximum, exclusive: schema.exclusiveMaximum === true };
}

/** The digits after the point of a number as JavaScript writes it shortest (1e-7 has 7). */
function decimals(value: number): number {
  const [mantissa = '', exponent = '0'] = Math.abs(value).toString().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** JSON Schema's multipleOf read in decimals, as a client writes numbers: 0.07 is a multiple of 0.01, 1e-17 is not. */
function isMultiple(value: number, step: number): boolean {
  const places = Math.max(decimals(value), decimals(step));
  if (places > 15) return false;
  const scale = 10 ** places;
  return Math.round(value * scale) % Math.round(step * scale) === 0;
}

/** What is wrong with `value` by `schema`, one line per fault (empty when it is valid). */
export function schemaErrors(schema: Schema, value: unknown, path = '$'): string[] {
  checkKeywords(schema, path);
  if (value === null && (schema.nullable || schema.type === 'null')) return [];
  if (schema.enum && !schema.enum.some((item) => Object.is(item, value) || item === value))
    return [`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  if (schema.allOf) {
    const errors = schema.allOf.flatMap((part) => schemaErrors(part, value, path));
    if (errors.length) return errors;
  }
  if (schema.anyOf && !schema.anyOf.some((part) => schemaErrors(part, value, path).length === 0))
    return [`${path}: matches none of anyOf`];
  if (
    schema.oneOf &&
    schema.oneOf.filter((part) => schemaErrors(part, value, path).length === 0).length !== 1
  )
    return [`${path}: does not match exactly one of oneOf`];
  switch (schema.type) {
    case undefined:
      return [];
    case 'null':
      return value === null ? [] : [`${path}: not null`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${path}: not a boolean`];
    case 'string': {
      if (typeof value !== 'string') return [`${path}: not a string`];
      const length = [...value].length;
      const errors: string[] = [];
      if (schema.minLength !== undefined && length < schema.minLength)
        errors.push(`${path}: shorter than ${schema.minLength}`);
      if (schema.maxLength !== undefined && length > schema.maxLength)
        errors.push(`${path}: longer than ${schema.maxLength}`);
      if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value))
        errors.push(`${path}: does not match ${schema.pattern}`);
      if (schema.format === 'date-time' && Number.isNaN(Date.parse(value)))
        errors.push(`${path}: not a date-time`);
      return errors;
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return [`${path}: not a number`];
      if (schema.type === 'integer' && !Number.isInteger(value)) return [`${path}: not an integer`];
      const errors: string[] = [];
      const low = lowerBound(schema);
      const high = upperBound(schema);
      if (low && (low.exclusive ? value <= low.value : value < low.value))
        errors.push(`${path}: below ${low.exclusive ? 'or at ' : ''}${low.value}`);
      if (high && (high.exclusive ? value >= high.value : value > high.value))
        errors.push(`${path}: above ${high.exclusive ? 'or at ' : ''}${high.value}`);
      if (schema.multipleOf !== undefined && !isMultiple(value, schema.multipleOf))
        errors.push(`${path}: not a multiple of ${schema.multipleOf}`);
      return errors;
    }
    case 'array': {
      if (!Array.isArray(value)) return [`${path}: not an array`];
      const errors: string[] = [];
      if (schema.minItems !== undefined && value.length < schema.minItems)
        errors.push(`${path}: fewer than ${schema.minItems} items`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems)
        errors.push(`${path}: more than ${schema.maxItems} items`);
      if (schema.items)
        value.forEach((item, index) =>
          errors.push(...schemaErrors(schema.items!, item, `${path}[${index}]`)),
        );
      return errors;
    }
    case 'object': {
      if (!isRecord(value)) return [`${path}: not an object`];
      const errors: string[] = [];
      for (const name of schema.required ?? [])
        if (value[name] === undefined) errors.push(`${path}.${name}: required`);
      for (const [name, item] of Object.entries(value)) {
        const property = schema.properties?.[name];
        if (property) errors.push(...schemaErrors(property, item, `${path}.${name}`));
        else if (schema.additionalProperties === false) errors.push(`${path}.${name}: not allowed`);
        else if (isRecord(schema.additionalProperties))
          errors.push(...schemaErrors(schema.additionalProperties, item, `${path}.${name}`));
      }
      return errors;
    }
    default:
      throw new Error(`${path}: type ${String(schema.type)} is not understood`);
  }
}

/** Text a client may type: printable ASCII and a few letters beyond it (each one UTF-16 unit, one code point). */
const character = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.constantFrom('ä', 'é', 'ñ', '₦', 'ọ', 'ẹ', '中', '’') },
);

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, minLength + 40));
  if (schema.format === 'date-time' && !schema.pattern)
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  const text = fc.string({ unit: character, minLength, maxLength });
  // A pattern that only keeps out control characters (and blank text) is drawn as text and checked;
  // any other is drawn from the pattern itself.
  if (schema.pattern && !/^\^\[\^\\u0000/.test(schema.pattern)) {
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern, { size: 'small' })
      .filter((value) => schemaErrors(schema, value).length === 0);
  }
  // Edge values a client may well send: the longest allowed, and text with spaces around it.
  return fc.oneof(
    { weight: 6, arbitrary: text.filter((value) => schemaErrors(schema, value).length === 0) },
    {
      weight: 1,
      arbitrary: fc
        .constant('x'.repeat(schema.maxLength ?? minLength))
        .filter((value) => value.length >= minLength),
    },
    {
      weight: 1,
      arbitrary: text
        .map((value) => ` ${value} `)
        .filter((value) => schemaErrors(schema, value).length === 0),
    },
  );
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const low = lowerBound(schema);
  const high = upperBound(schema);
  const integer = schema.type === 'integer';
  const min = low ? (low.exclusive ? (integer ? Math.floor(low.value) + 1 : low.value) : low.value) : -1e15;
  const max = high
    ? high.exclusive
      ? integer
        ? Math.ceil(high.value) - 1
        : high.value
      : high.value
    : 1e15;
  const edges = [min, max, 0, 1, -1, 2_147_483_647].filter(
    (value) => schemaErrors(schema, value).length === 0,
  );
  const inRange = integer
    ? fc
        .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 1000 }))
        .map(([share, small]) =>
          Math.min(
            max,
            Math.max(
              min,
              small <= 600 && min + small <= max ? min + small : Math.round(min + share * (max - min)),
            ),
          ),
        )
    : fc.double({
        min,
        max,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: low?.exclusive ?? false,
        maxExcluded: high?.exclusive ?? false,
      });
  if (schema.multipleOf !== undefined) {
    const step = schema.multipleOf;
    const places = decimals(step);
    const first = Math.max(Math.ceil(min / step), -1e9);
    const last = Math.min(Math.floor(max / step), 1e9);
    return fc
      .oneof(
        fc.integer({ min: first, max: Math.min(last, first + 10_000) }),
        fc.integer({ min: first, max: last }),
        fc.constantFrom(first, last),
      )
      .map((count) => Number((count * step).toFixed(places)))
      .filter((value) => schemaErrors(schema, value).length === 0);
  }
  const money = integer
    ? null
    : fc
        .integer({ min: 0, max: 1_000_000_00 })
        .map((kobo) => kobo / 100)
        .filter((value) => value >= min && value <= max);
  const arbitraries: fc.Arbitrary<number>[] = [inRange];
  if (money) arbitraries.push(money);
  if (edges.length) arbitraries.push(fc.constantFrom(...edges));
  return fc.oneof(...arbitraries).filter((value) => schemaErrors(schema, value).length === 0);
}

/**
 * Values a property of that name may take: drawn now and then besides the schema's own (a product id
 * that exists, a Nigerian state), or `{ only }` instead of them (an image URL the test serves, where
 * a drawn one would send the shop out to the internet). Used only when the schema accepts them.
 */
export type Hints = Record<string, unknown[] | { only: unknown[] }>;

/** Values valid by `schema`, with `hints` for the properties named in it. */
export function valueArbitrary(schema: Schema, hints: Hints = {}, name = ''): fc.Arbitrary<unknown> {
  checkKeywords(schema, name || '$');
  const hint = hints[name] ?? [];
  const only = !Array.isArray(hint);
  const hinted = (Array.isArray(hint) ? hint : hint.only).filter(
    (value) => schemaErrors(schema, value).length === 0,
  );
  if (only && hinted.length) return fc.constantFrom(...hinted);
  const base = bareArbitrary(schema, hints);
  const withHints = hinted.length
    ? fc.oneof({ weight: 1, arbitrary: base }, { weight: 2, arbitrary: fc.constantFrom(...hinted) })
    : base;
  return schema.nullable && !schema.enum?.includes(null)
    ? fc.oneof({ weight: 5, arbitrary: withHints }, { weight: 1, arbitrary: fc.constant(null) })
    : withHints;
}

function bareArbitrary(schema: Schema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((part) => valueArbitrary(part, hints)));
  if (schema.oneOf)
    return fc
      .oneof(...schema.oneOf.map((part) => valueArbitrary(part, hints)))
      .filter((value) => schemaErrors(schema, value).length === 0);
  if (schema.allOf) {
    // Drawn from the first part (two patterns: the date's, then its years), kept when all agree.
    const { allOf, ...own } = schema;
    return valueArbitrary({ ...own, ...allOf[0] }, hints).filter(
      (value) => schemaErrors(schema, value).length === 0,
    );
  }
  switch (schema.type) {
    case undefined:
      return fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 10 }));
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(schema);
    case 'number':
    case 'integer':
      return numberArbitrary(schema);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, minLength + 3));
      return fc.array(valueArbitrary(schema.items ?? {}, hints), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, valueArbitrary(property, hints, key)]),
      );
      const required = (schema.required ?? []).filter((key) => key in properties);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      throw new Error(`type ${String(schema.type)} is not understood`);
  }
}

/** A value of another kind than the schema wants: the usual first try of a fuzzer. */
function wrongKind(schema: Schema): unknown[] {
  const all: unknown[] = ['text', 12345, 1.5, true, [], {}];
  return all.filter((value) => schemaErrors(schema, value).length > 0);
}

/**
 * Values that break `schema` in one way each: the wrong kind, past a bound, too long or short,
 * outside an enum or a pattern, a required property missing, a property it does not allow. Every
 * one is checked to be invalid by the schema itself.
 */
export function invalidValues(schema: Schema): unknown[] {
  const values: unknown[] = [...wrongKind(schema), ...(schema.allOf ?? []).flatMap(invalidValues)];
  if (schema.type === 'string') {
    if (schema.maxLength !== undefined) values.push('y'.repeat(schema.maxLength + 1));
    if (schema.minLength) values.push('y'.repeat(schema.minLength - 1));
    if (schema.pattern) values.push('not matching ~~', '', 'bell\u0007inside', '   ');
    if (schema.enum) values.push('not-one-of-them');
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    const low = lowerBound(schema);
    const high = upperBound(schema);
    if (low) values.push(low.exclusive ? low.value : low.value - 1, low.value - 1e9);
    if (high) values.push(high.exclusive ? high.value : high.value + 1, high.value + 1e9, 2_147_483_648);
    if (schema.type === 'integer') values.push(1.5);
  }
  if (schema.enum) values.push('not-one-of-them', 999);
  if (schema.type === 'array') {
    if (schema.maxItems !== undefined) values.push(Array.from({ length: schema.maxItems + 1 }, () => null));
    if (schema.minItems) values.push([]);
  }
  if (schema.type === 'object' && schema.additionalProperties === false)
    values.push({ unexpectedProperty: 1 });
  return values.filter((value) => value !== undefined && schemaErrors(schema, value).length > 0);
}

/**
 * Breaks a valid object body (or any value) at one place, chosen by `pick`: the body as a whole, a
 * required property left out, or one property given an invalid value. Undefined when nothing can be broken.
 */
export function breakValue(schema: Schema, valid: unknown, pick: number): unknown {
  const candidates: (() => unknown)[] = invalidValues(schema).map((value) => () => value);
  if (schema.type === 'object' && isRecord(valid)) {
    for (const name of schema.required ?? [])
      candidates.push(() => {
        const copy = { ...valid };
        delete copy[name];
        return copy;
      });
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      for (const value of invalidValues(property)) candidates.push(() => ({ ...valid, [name]: value }));
      if (property.type === 'object' || property.type === 'array') {
        const inner = valid[name];
        if (inner !== undefined)
          candidates.push(() => {
            const broken = breakValue(property, inner, pick >>> 3);
            return broken === undefined ? undefined : { ...valid, [name]: broken };
          });
      }
    }
  }
  if (schema.type === 'array' && Array.isArray(valid) && valid.length > 0 && schema.items) {
    candidates.push(() => {
      const broken = breakValue(schema.items!, valid[0], pick >>> 3);
      return broken === undefined ? undefined : [broken, ...valid.slice(1)];
    });
  }
  for (let attempt = 0; attempt < candidates.length; attempt++) {
    const value = candidates[(pick + attempt) % candidates.length]!();
    if (value !== undefined && schemaErrors(schema, value).length > 0) return value;
  }
  return undefined;
}
