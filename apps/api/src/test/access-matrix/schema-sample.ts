import type { JsonSchema } from '../fuzz/json-schema';
/**
 * A valid sample value for a JSON Schema as @fastify/swagger writes it into the OpenAPI document
 * (OpenAPI 3.0 flavour: `nullable`, boolean `exclusiveMinimum`). The access matrix sends these as
 * bodies and query strings, so a refusal it sees comes from access, not from validation.
 *
 * Every declared property is filled: a field that names another object (`member_ids`,
 * `session_hash_id`, …) gets the owner's real object from `refs`, so a call aimed at another
 * owner's data really aims at it; an optional nullable field is null; a field with a default
 * gets its default; strings always get text (a chat with the default empty text, or a rejection
 * without its reason, would be refused before any access check); booleans without a default are
 * false (two flags that exclude each other are both valid false).
 */
export type { JsonSchema };

/** A schema the generator cannot satisfy: the route is reported as not covered. */
export class SampleError extends Error {}

/** Values for fields that name objects, by property name (`member_ids` → the owner's member). */
export type RefValues = Record<string, unknown>;

let counter = 0;
const nextId = () => (counter += 1);

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function sampleString(schema: JsonSchema, name: string): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const n = nextId();
  const candidates: string[] = [schema.example, ...(schema.examples ?? [])].filter((e): e is string => typeof e === 'string');
  if (schema.format === 'email' || /email/i.test(name)) candidates.push(`matrix.${n}@example.com`);
  if (schema.format === 'uri' || schema.format === 'url' || /url$/i.test(name)) candidates.push(`https://example.com/matrix/${n}`, `ldaps://ldap.example.com/matrix/${n}`);
  if (schema.format === 'date-time') candidates.push(new Date(Date.UTC(2026, 0, 1)).toISOString());
  if (schema.format === 'date') candidates.push('2026-01-01');
  if (schema.format === 'uuid') candidates.push('00000000-0000-4000-8000-000000000001');
  if (/password/i.test(name)) candidates.push(`Matrix-pass${n}!`);
  candidates.push(`matrix ${name} ${n}`.trim(), '123456', 'matrix', 'a', 'A1', '1');
  const fits = (s: string) => s.length >= min && s.length <= max && (!schema.pattern || new RegExp(schema.pattern, 'u').test(s));
  for (const c of candidates) {
    const sized = c.length < min ? c + 'x'.repeat(min - c.length) : c.slice(0, max);
    if (fits(sized)) return sized;
  }
  throw new SampleError(`no sample string for ${name || 'a value'} (${JSON.stringify({ ...schema, type: undefined })})`);
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  let lo = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + step : (schema.minimum ?? 1);
  if (schema.exclusiveMinimum === true) lo += step;
  let hi = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - step : (schema.maximum ?? Number.MAX_SAFE_INTEGER);
  if (schema.exclusiveMaximum === true) hi -= step;
  const value = integer ? Math.ceil(Math.max(lo, 0)) : Math.max(lo, 0);
  if (value > hi) {
    if (lo <= hi) return integer ? Math.ceil(lo) : lo;
    throw new SampleError(`no number between ${lo} and ${hi}`);
  }
  return value;
}

/** A sample for `schema`; `name` is the property it fills (for refs and formats). */
export function sampleOf(schema: JsonSchema, refs: RefValues = {}, name = ''): unknown {
  if (schema.$ref) throw new SampleError(`unresolved $ref ${schema.$ref}`);
  if (name && name in refs) return refs[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null) ?? null;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const errors: string[] = [];
    for (const branch of branches.filter((b) => b.type !== 'null')) {
      try {
        return sampleOf(branch, refs, name);
      } catch (err) {
        errors.push((err as Error).message);
      }
    }
    throw new SampleError(`no branch of ${name || 'a union'} could be sampled: ${errors.join('; ')}`);
  }
  if (schema.allOf) {
    const merged: JsonSchema = {};
    for (const part of schema.allOf) {
      Object.assign(merged, part, {
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      });
    }
    return sampleOf(merged, refs, name);
  }
  const type = typeOf(schema);
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (key in refs) out[key] = refs[key];
        // Optional nullable: null, but text for strings (a rejection needs its reason).
        else if (!required.has(key) && typeOf(prop) !== 'string' && (prop.nullable || (Array.isArray(prop.type) && prop.type.includes('null')))) out[key] = null;
        else if (!required.has(key) && prop.default !== undefined && typeOf(prop) !== 'string') out[key] = prop.default;
        else out[key] = sampleOf(prop, refs, key);
      }
      return out;
    }
    case 'array': {
      const n = schema.minItems ?? 0;
      if (n > 0 && !schema.items) throw new SampleError(`array ${name} without items`);
      return Array.from({ length: n }, () => sampleOf(schema.items!, refs, ''));
    }
    case 'string':
      return sampleString(schema, name);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      // false rather than true: two flags that exclude each other (block or mask) are both valid false.
      return typeof schema.default === 'boolean' ? schema.default : false;
    case 'null':
      return null;
    default:
      if (schema.default !== undefined) return schema.default;
      throw new SampleError(`no type for ${name || 'a value'}: ${JSON.stringify(schema)}`);
  }
}
