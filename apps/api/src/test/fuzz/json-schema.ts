import fc from 'fast-check';

/** The part of the OpenAPI 3.0 JSON Schema dialect that `jsonSchemaTransform` emits for the contracts (the fuzzer's and the access matrix's). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  /** A value the contract gives as valid (zod `.meta({ examples })`, one `example` in OpenAPI 3.0): the access matrix tries it first. */
  example?: unknown;
  examples?: unknown[];
  $ref?: string;
}

/** A fragment written into the JSON text as is: numbers JSON.stringify cannot make, deep nesting, NaN. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The first concrete branch of a union, skipping `null`. */
export function concrete(s: JsonSchema): JsonSchema {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return concrete(branches.find((b) => b.type !== 'null') ?? branches[0]!);
  if (s.allOf?.length) return s.allOf.reduce<JsonSchema>((acc, b) => ({ ...acc, ...concrete(b) }), {});
  return s;
}

export function typeOf(s: JsonSchema): string {
  const c = concrete(s);
  if (c.enum) return typeof c.enum[0] === 'number' ? 'number' : typeof c.enum[0] === 'boolean' ? 'boolean' : 'string';
  if (c.const !== undefined) return typeof c.const;
  const t = Array.isArray(c.type) ? c.type.find((x) => x !== 'null') : c.type;
  return t ?? (c.properties ? 'object' : c.items ? 'array' : 'unknown');
}

/** The smallest and largest valid number of a numeric schema (draft-4 boolean or draft-6 numeric exclusive bounds). */
export function numberRange(s: JsonSchema): { min: number; max: number; integer: boolean } {
  const integer = typeOf(s) === 'integer';
  const step = integer ? 1 : Number.EPSILON;
  let min = s.minimum ?? -Number.MAX_SAFE_INTEGER;
  let max = s.maximum ?? Number.MAX_SAFE_INTEGER;
  if (s.exclusiveMinimum === true) min += step;
  else if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + step;
  if (s.exclusiveMaximum === true) max -= step;
  else if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - step;
  return { min, max, integer };
}

/** Valid values of a schema, as fast-check generates them (strings of patterns included). */
export function validArb(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const s = concrete(schema);
  const nullable = schema.nullable || s.nullable || (schema.anyOf ?? schema.oneOf ?? []).some((b) => b.type === 'null');
  const arb = ((): fc.Arbitrary<unknown> => {
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.const !== undefined) return fc.constant(s.const);
    switch (typeOf(s)) {
      case 'string': {
        const minLength = s.minLength ?? 0;
        const maxLength = Math.min(s.maxLength ?? 300, minLength + 300);
        if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length >= minLength && x.length <= (s.maxLength ?? Infinity));
        if (s.format === 'email') return fc.constantFrom('fuzz@example.com', 'a.b+c@sub.example.org');
        return fc.string({ minLength, maxLength, unit: 'grapheme' });
      }
      case 'integer':
      case 'number': {
        const { min, max, integer } = numberRange(s);
        return integer ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(s.items && depth < 4 ? validArb(s.items, depth + 1) : fc.constant(null), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, (s.minItems ?? 0) + 5) });
      case 'object': {
        const props = s.properties ?? {};
        const required = new Set(s.required ?? []);
        const entries = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, depth < 4 ? validArb(v, depth + 1) : fc.constant(null)]));
        return fc.record(entries, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return nullable ? fc.option(arb, { nil: null }) : arb;
}

/**
 * One deterministic valid value: required properties only (each mutation then sets one more),
 * lengths at their minimum, numbers at 1 when allowed.
 */
export function exampleOf(schema: JsonSchema, seed = 1): unknown {
  const intDefault = 1;
  const s = concrete(schema);
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  switch (typeOf(s)) {
    case 'string': {
      if (s.pattern) return fc.sample(validArb(s), { seed, numRuns: 1 })[0];
      if (s.format === 'email') return 'fuzz@example.com';
      const min = s.minLength ?? 1;
      return 'fuzz'.padEnd(Math.max(min, 4), 'z').slice(0, s.maxLength ?? Infinity);
    }
    case 'integer':
    case 'number': {
      const { min, max } = numberRange(s);
      return intDefault >= min && intDefault <= max ? intDefault : min;
    }
    case 'boolean':
      return false;
    case 'array': {
      // Arrays of objects get one item, so mutations inside it meet an otherwise valid item; arrays
      // of scalars (ids) only as many as required, so the baseline names no row that may not exist.
      const itemType = s.items ? typeOf(s.items) : 'unknown';
      const n = Math.max(s.minItems ?? 0, itemType === 'object' || itemType === 'array' ? 1 : 0);
      return Array.from({ length: Math.min(n, s.maxItems ?? n) }, () => (s.items ? exampleOf(s.items, seed) : null));
    }
    case 'object': {
      const required = new Set(s.required ?? []);
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([k]) => required.has(k))
          .map(([k, v]) => [k, exampleOf(v, seed)]),
      );
    }
    default:
      return null;
  }
}

export const NESTING_DEPTH = 10_000;
export const HUGE_STRING = 'x'.repeat(1024 * 1024);

/** `[[[…]]]` and `{"a":{"a":…}}` 10,000 levels deep. */
export const deepArray = new RawJson('['.repeat(NESTING_DEPTH) + ']'.repeat(NESTING_DEPTH));
export const deepObject = new RawJson('{"a":'.repeat(NESTING_DEPTH) + '1' + '}'.repeat(NESTING_DEPTH));

/** Values of the wrong JSON type for a schema. */
export function wrongTypes(s: JsonSchema): unknown[] {
  const all: Record<string, unknown> = { string: 'fuzz', number: 1.5, integer: 7, boolean: true, array: ['fuzz'], object: { fuzz: 1 }, null: null };
  const t = typeOf(s);
  const keep = t === 'integer' ? ['string', 'boolean', 'array', 'object', 'null', 'number'] : Object.keys(all).filter((k) => k !== t && !(t === 'number' && k === 'integer'));
  return keep.map((k) => all[k]).concat(t === 'number' || t === 'integer' ? ['12', ''] : t === 'boolean' ? ['true', 0] : []);
}

/** Valid and just-invalid values at the schema's edges. */
export function boundaries(schema: JsonSchema): unknown[] {
  const s = concrete(schema);
  const out: unknown[] = [];
  switch (typeOf(s)) {
    case 'string': {
      const min = s.minLength ?? 0;
      out.push('', ' ', '\t\n', 'x'.repeat(min));
      if (min > 0) out.push('x'.repeat(min - 1), ' '.repeat(min));
      if (s.maxLength !== undefined) out.push('x'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1), '한'.repeat(s.maxLength), '😀'.repeat(s.maxLength));
      if (s.enum) out.push(`${String(s.enum[0])} `, String(s.enum[0]).toUpperCase(), 'not-in-enum');
      if (s.pattern || s.format) out.push('fuzz', '@', 'a@b', `${'a'.repeat(64)}@${'b'.repeat(250)}.com`);
      break;
    }
    case 'integer':
    case 'number': {
      const { min, max, integer } = numberRange(s);
      out.push(min, min - 1, max, max + 1, 0, -0, -1);
      if (integer) out.push(min + 0.5, 2 ** 53, 2 ** 53 + 2);
      break;
    }
    case 'array': {
      const item = s.items ? exampleOf(s.items) : null;
      const min = s.minItems ?? 0;
      out.push([], Array(min).fill(item));
      if (min > 0) out.push(Array(min - 1).fill(item));
      // Exactly maxItems only up to 100: the bulk routes take 1,000 ids and run a query per id
      // (seconds per request); one past the limit is refused before any query.
      if (s.maxItems !== undefined) out.push(...(s.maxItems <= 100 ? [Array(s.maxItems).fill(item)] : []), Array(s.maxItems + 1).fill(item));
      out.push([null], [item, item]);
      break;
    }
    case 'object':
      out.push({}, { ...(exampleOf(s) as object), fuzz_unknown: 1 });
      break;
    case 'boolean':
      out.push(false, true);
      break;
  }
  return out;
}

/** Numbers a parser may choke on, written as JSON text (some are not valid JSON at all). */
export const numberFragments = ['-1', '0', '-0', '1.5', '1e308', '-1e308', '1e400', '-1e400', '9007199254740993', '1' + '0'.repeat(400), '0.1e-400', 'NaN', 'Infinity', '-Infinity', '0x10', '01', '1e', '.5'].map((t) => new RawJson(t));

/** Numbers as they come in a URL: every one a string. */
export const numberStrings = ['-1', '0', '-0', '1.5', '1e3', '1e309', 'NaN', 'Infinity', '0x10', '1_000', ' 1', '9'.repeat(40), '9007199254740993', ''];

/** Strings with NUL bytes, lone surrogates and other characters a database or a router may choke on. */
export const nulStrings = ['\u0000', 'fuzz\u0000', '\u0000fuzz', 'fu\u0000zz'];
export const surrogateStrings = ['\uD800', 'fuzz\uDFFF', '\uDC00\uD800', 'a\uD83D'];
