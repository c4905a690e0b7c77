import fc from 'fast-check';
import {
  boundaries,
  deepArray,
  deepObject,
  exampleOf,
  HUGE_STRING,
  type JsonSchema,
  nulStrings,
  numberFragments,
  numberStrings,
  RawJson,
  surrogateStrings,
  typeOf,
  validArb,
  wrongTypes,
} from './json-schema';

export const categories = [
  'wrong-type',
  'missing-required',
  'boundary',
  'numbers',
  'nul-byte',
  'invalid-utf8',
  'huge-string',
  'over-long-param',
  'deep-nesting',
  'unknown-field',
  'invalid-json',
  'empty-body',
  'content-type',
  'random',
] as const;
export type Category = (typeof categories)[number];

export interface Param {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export interface Operation {
  method: string;
  /** OpenAPI template, e.g. `/api/sessions/{hash}/`. */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  body: JsonSchema | null;
  /** Documented as answering `text/event-stream` (the chat routes). */
  streams: boolean;
}

export interface FuzzCase {
  category: Category;
  /** Where and what, e.g. `body.title = "\u0000"`: printed on failure. */
  label: string;
  method: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { description?: string; parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = (op.parameters ?? []).map((p) => ({ in: p.in, name: p.name, schema: p.schema, required: p.required ?? p.in === 'path' }));
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: (content['application/json'] ?? Object.values(content)[0])?.schema ?? null,
        streams: (op.description ?? '').includes('text/event-stream'),
      });
    }
  }
  return ops;
}

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD, as in a browser). */
export function pct(value: string): string {
  let out = '';
  for (const b of Buffer.from(value, 'utf8')) out += /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

const asText = (v: unknown): string => (v instanceof RawJson ? v.text : typeof v === 'string' ? v : JSON.stringify(v));

/** JSON text in which `RawJson` values are written verbatim (NaN, 1e400, 10,000 levels of nesting). */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `__raw_${raws.length - 1}__`;
    }
    return v;
  });
  return text === undefined ? '' : text.replace(/"__raw_(\d+)__"/g, (_m, i: string) => raws[Number(i)]!);
}

type Path = (string | number)[];
interface Slot {
  path: Path;
  schema: JsonSchema;
}

/** Every property and array item of a body schema, a few levels deep, with the schema it must meet. */
function slotsOf(schema: JsonSchema, path: Path = [], depth = 0): Slot[] {
  if (depth > 3) return [];
  const type = typeOf(schema);
  const s = schema.anyOf?.find((b) => b.type !== 'null') ?? schema.oneOf?.find((b) => b.type !== 'null') ?? schema;
  const out: Slot[] = path.length ? [{ path, schema }] : [];
  if (type === 'object') {
    for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...slotsOf(v, [...path, k], depth + 1));
    if (typeof s.additionalProperties === 'object') out.push(...slotsOf(s.additionalProperties, [...path, 'fuzz_key'], depth + 1));
  } else if (type === 'array' && s.items) {
    out.push(...slotsOf(s.items, [...path, 0], depth + 1));
  }
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const base = (Array.isArray(root) ? [...(root as unknown[])] : root && typeof root === 'object' ? { ...root } : typeof head === 'number' ? [] : {}) as Record<string | number, unknown>;
  base[head!] = setAt(base[head!], rest, value);
  return base;
}

function deleteAt(root: unknown, path: Path): unknown {
  const parent = path.slice(0, -1);
  const key = path[path.length - 1]!;
  const get = (o: unknown, p: Path): unknown => p.reduce<unknown>((acc, k) => (acc as Record<string | number, unknown> | undefined)?.[k], o);
  const copy = { ...(get(root, parent) as Record<string | number, unknown>) };
  delete copy[key];
  return setAt(root, parent, copy);
}

const show = (v: unknown): string => {
  const t = asText(v);
  return JSON.stringify(t.length > 40 ? `${t.slice(0, 20)}…(${t.length} chars)` : t);
};

/** Values of a path or query parameter per category, as raw (already percent-encoded) URL text. */
function urlValues(schema: JsonSchema): [Category, string][] {
  const out: [Category, string][] = [];
  for (const v of wrongTypes(schema)) out.push(['wrong-type', pct(asText(v))]);
  for (const v of boundaries(schema)) out.push(['boundary', pct(asText(v))]);
  for (const v of numberStrings) out.push(['numbers', pct(v)]);
  for (const v of nulStrings) out.push(['nul-byte', pct(v)]);
  out.push(['nul-byte', '%00'.repeat(30)]);
  for (const v of ['%C3%28', '%FF', '%ED%A0%80', '%C0%80', 'fuzz%E2%82', '%', '%zz', '%uD800']) out.push(['invalid-utf8', v]);
  for (const v of surrogateStrings) out.push(['invalid-utf8', pct(v)]);
  for (const n of [100, 101, 5000]) out.push(['over-long-param', 'a'.repeat(n)]);
  out.push(['over-long-param', '1'.repeat(101)], ['over-long-param', '%C3%A9'.repeat(60)]);
  out.push(['huge-string', 'x'.repeat(100_000)]);
  return out;
}

export interface Fixtures {
  /** A value of a path parameter that reaches the route's handler (an existing id where one is known). */
  pathParam(op: Operation, param: Param): string;
}

function baseUrl(op: Operation, fixtures: Fixtures, override?: { name: string; raw: string }): string {
  let url = op.path;
  for (const p of op.pathParams) url = url.replace(`{${p.name}}`, override?.name === p.name ? override.raw : pct(fixtures.pathParam(op, p)));
  return url;
}

function baseQuery(op: Operation): string[] {
  return op.queryParams.filter((p) => p.required).map((p) => `${p.name}=${pct(asText(exampleOf(p.schema)))}`);
}

const withQuery = (url: string, parts: string[]) => (parts.length ? `${url}?${parts.join('&')}` : url);

/** Every deterministic invalid and boundary input for one operation. */
export function casesFor(op: Operation, fixtures: Fixtures): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const url = baseUrl(op, fixtures);
  const query = baseQuery(op);
  const body = op.body ? exampleOf(op.body) : undefined;
  const json = (category: Category, label: string, value: unknown, u = withQuery(url, query)) =>
    cases.push({ category, label, method: op.method, url: u, contentType: 'application/json', payload: toJson(value) });
  const raw = (category: Category, label: string, payload: string | Buffer, contentType?: string) =>
    cases.push({ category, label, method: op.method, url: withQuery(url, query), contentType, payload });
  const plain = (category: Category, label: string, u: string) =>
    op.body ? json(category, label, body, u) : cases.push({ category, label, method: op.method, url: u });

  // Path parameters: each replaced in turn, the others kept valid.
  for (const p of op.pathParams) {
    for (const [category, v] of urlValues(p.schema)) plain(category, `path.${p.name} = ${v.length > 40 ? `${v.slice(0, 20)}…(${v.length})` : v}`, withQuery(baseUrl(op, fixtures, { name: p.name, raw: v }), query));
  }
  // Query parameters: each set in turn; then repeated, empty, unknown and NUL-named ones.
  for (const p of op.queryParams) {
    const others = query.filter((q) => !q.startsWith(`${p.name}=`));
    for (const [category, v] of urlValues(p.schema)) plain(category, `query.${p.name} = ${v.length > 40 ? `${v.slice(0, 20)}…(${v.length})` : v}`, withQuery(url, [...others, `${p.name}=${v}`]));
    plain('wrong-type', `query.${p.name} repeated`, withQuery(url, [...others, `${p.name}=1`, `${p.name}=2`]));
    plain('boundary', `query.${p.name} without value`, withQuery(url, [...others, p.name]));
    if (p.required) plain('missing-required', `query.${p.name} missing`, withQuery(url, others));
  }
  for (const extra of ['fuzz_unknown=1', '__proto__=1', 'constructor=1', 'fuzz%00=1', '%00=%00', '=1', '&&&']) plain(extra.includes('%00') ? 'nul-byte' : 'unknown-field', `query ${extra}`, withQuery(url, [...query, extra]));

  if (op.body) {
    const slots = slotsOf(op.body);
    for (const { path, schema } of slots) {
      const at = `body.${path.join('.')}`;
      const set = (category: Category, v: unknown) => json(category, `${at} = ${show(v)}`, setAt(body, path, v));
      const type = typeOf(schema);
      for (const v of wrongTypes(schema)) set('wrong-type', v);
      for (const v of boundaries(schema)) set('boundary', v);
      for (const v of type === 'number' || type === 'integer' ? numberFragments : numberFragments.slice(0, 4)) set('numbers', v);
      for (const v of type === 'string' ? nulStrings : nulStrings.slice(0, 1)) set('nul-byte', v);
      set('nul-byte', { 'fuzz\u0000key': 'fuzz\u0000' });
      for (const v of type === 'string' ? surrogateStrings : surrogateStrings.slice(0, 1)) set('invalid-utf8', v);
      if (type === 'string' || path.length === 1) set('huge-string', HUGE_STRING);
      if (type === 'array') set('huge-string', Array(100_000).fill(1));
      if (path.length === 1) {
        set('deep-nesting', deepArray);
        set('deep-nesting', deepObject);
      }
      // Invalid UTF-8 bytes straight in the JSON text, where this string goes.
      if (type === 'string') {
        const text = toJson(setAt(body, path, '__bytes__'));
        for (const bytes of [[0xc3, 0x28], [0xff], [0xed, 0xa0, 0x80], [0xc0, 0x80], [0xe2, 0x82]]) {
          const [before, after] = text.split('__bytes__') as [string, string];
          raw('invalid-utf8', `${at} = bytes ${bytes.map((b) => b.toString(16)).join(' ')}`, Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]), 'application/json');
        }
      }
    }
    // Missing required fields, at every level; unknown fields at the top.
    const requiredPaths = (s: JsonSchema, path: Path): Path[] =>
      typeOf(s) !== 'object' ? [] : [...(s.required ?? []).map((k) => [...path, k]), ...Object.entries(s.properties ?? {}).flatMap(([k, v]) => requiredPaths(v, [...path, k]))];
    for (const path of requiredPaths(op.body, [])) json('missing-required', `body.${path.join('.')} missing`, deleteAt(body, path));
    json('missing-required', 'body {}', {});
    json('unknown-field', 'body + fuzz_unknown', { ...(body as object), fuzz_unknown: 'x' });
    raw('unknown-field', 'body + __proto__', `{"__proto__":{"polluted":1},${toJson(body).slice(1)}`, 'application/json');
    raw('unknown-field', 'body + constructor.prototype', `{"constructor":{"prototype":{"polluted":1}},${toJson(body).slice(1)}`, 'application/json');
    for (const v of [null, [], 'fuzz', 123, true, [body]]) json('wrong-type', `body = ${show(v)}`, v);
    json('deep-nesting', 'body = [[…]] 10,000 deep', deepArray);
    json('deep-nesting', 'body = {a:{…}} 10,000 deep', deepObject);
    raw('huge-string', 'body over the 2 MB limit', `{"fuzz":"${'x'.repeat(2 * 1024 * 1024 + 1)}"}`, 'application/json');
    raw('huge-string', 'body of 1 MB whitespace', `${' '.repeat(1024 * 1024)}${toJson(body)}`, 'application/json');
  }
  // Every route, with a body or without: unreadable JSON, empty bodies, wrong content types.
  for (const text of ['{', '{"a":}', "{'a':1}", '{"a":1}}', '{"a":1,}', 'NaN', '{"a":NaN}', 'undefined', '\u0000', '"\\uZZZZ"', '[1,2', '\uFEFF{}'])
    raw('invalid-json', `json ${JSON.stringify(text)}`, text, 'application/json');
  raw('empty-body', 'empty JSON body', '', 'application/json');
  raw('empty-body', 'whitespace JSON body', '   \n', 'application/json');
  cases.push({ category: 'empty-body', label: 'no body, no content type', method: op.method, url: withQuery(url, query) });
  const bodyText = op.body ? toJson(body) : '{}';
  raw('content-type', 'text/plain', bodyText, 'text/plain');
  raw('content-type', 'text/plain empty', '', 'text/plain');
  raw('content-type', 'multipart', `--b\r\ncontent-disposition: form-data; name="fuzz"\r\n\r\n1\r\n--b--\r\n`, 'multipart/form-data; boundary=b');
  raw('content-type', 'form-urlencoded', 'fuzz=1&title=%00', 'application/x-www-form-urlencoded');
  raw('content-type', 'xml', '<fuzz/>', 'application/xml');
  raw('content-type', 'octet-stream', Buffer.from([0, 1, 2, 0xff]), 'application/octet-stream');
  raw('content-type', 'json latin1 charset', bodyText, 'application/json; charset=latin1');
  raw('content-type', 'json utf-16 charset', bodyText, 'application/json; charset=utf-16');
  raw('content-type', 'no content type with a body', bodyText);
  raw('content-type', 'garbage content type', bodyText, ';;;/\u00e9');
  return cases;
}

/** Random hostile values: any UTF-16 code unit (NUL and lone surrogates included), numbers, JSON. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.double(),
  fc.integer(),
  fc.bigInt().map((b) => new RawJson(b.toString())),
  fc.jsonValue({ maxDepth: 3 }),
);

/** fast-check's share: random valid bodies, and random hostile values in a random place. */
export function randomCases(op: Operation, fixtures: Fixtures, seed: number, numRuns: number): FuzzCase[] {
  const url = baseUrl(op, fixtures);
  const query = baseQuery(op);
  const body = op.body ? exampleOf(op.body) : undefined;
  const slots = op.body ? slotsOf(op.body) : [];
  const kinds: fc.Arbitrary<FuzzCase>[] = [];
  const c = (label: string, u: string, payload?: unknown): FuzzCase =>
    op.body ? { category: 'random', label, method: op.method, url: u, contentType: 'application/json', payload: toJson(payload === undefined ? body : payload) } : { category: 'random', label, method: op.method, url: u };
  if (op.body) {
    kinds.push(validArb(op.body).map((b) => c(`valid body ${show(b)}`, withQuery(url, query), b)));
    if (slots.length) kinds.push(fc.tuple(fc.constantFrom(...slots), hostile).map(([slot, v]) => c(`body.${slot.path.join('.')} = ${show(v)}`, withQuery(url, query), setAt(body, slot.path, v))));
  }
  for (const p of op.pathParams)
    kinds.push(hostile.map((v) => c(`path.${p.name} = ${show(v)}`, withQuery(baseUrl(op, fixtures, { name: p.name, raw: pct(asText(v)) || 'x' }), query))));
  for (const p of op.queryParams) kinds.push(hostile.map((v) => c(`query.${p.name} = ${show(v)}`, withQuery(url, [...query.filter((q) => !q.startsWith(`${p.name}=`)), `${p.name}=${pct(asText(v))}`]))));
  if (!kinds.length) return [];
  return fc.sample(fc.oneof(...kinds), { seed, numRuns });
}
