import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Writes `docs/where-is.md`: each screen of the web app, the endpoints it calls, the API module
 * that implements each and that module's tables (issue 40 item 5). Everything is found by
 * scanning, so a moved file moves in the map: the screens from the web's router (`<Route>`s and
 * `createBrowserRouter`), each screen's endpoints from the `routes.<table>.<name>` references in
 * the files it imports, the endpoints' methods and paths from the contracts' tables (decision
 * 054), their modules from the API's `implement(app, table, handlers)` calls and the tables from
 * `db/schema/<module>.ts` (decision 055). Run `npx tsx scripts/where-is.ts`; a test fails when
 * the file is stale.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WHERE_IS_FILE = path.join(ROOT, 'docs/where-is.md');
const WEB = path.join(ROOT, 'apps/web/src');
const API = path.join(ROOT, 'apps/api/src');
const CONTRACTS = path.join(ROOT, 'packages/contracts/src');
const COMMAND = 'npx tsx scripts/where-is.ts';

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const camel = (file: string) => file.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.split(path.sep).includes('test') || f.split(path.sep).includes('__fixtures__');

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path.join(dir, e.name)] : []));
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    parsed.set(file, sf);
  }
  return sf;
}

function visit(node: ts.Node, fn: (n: ts.Node) => void) {
  fn(node);
  node.forEachChild((c) => visit(c, fn));
}

const str = (n: ts.Node | undefined) => (n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : undefined);
const propName = (n: ts.PropertyName | undefined) => (n && (ts.isIdentifier(n) || ts.isStringLiteral(n)) ? n.text : undefined);

// ---- Endpoints: the contracts' tables ----

interface Endpoint {
  id: string; // `<table>.<name>`, as the web writes it after `routes.`
  method: string;
  path: string;
}

/**
 * The `/api` tables from `routes.gen.ts` (generated from them, and checked by a test); tables on
 * another base (the developer API's `/v1`) are not in it and are read from their declarations.
 * Neither is imported: loading zod and every contract cost more than the rest of the run.
 */
function loadEndpoints(): Map<string, Endpoint> {
  const out = new Map<string, Endpoint>();
  let table = '';
  for (const line of readFileSync(path.join(CONTRACTS, 'routes.gen.ts'), 'utf8').split('\n')) {
    const open = /^ {2}(\w+): \{$/.exec(line);
    if (open) table = open[1]!;
    const e = /^ {4}(\w+): \{ method: '(\w+)', path: '([^']*)' \},$/.exec(line);
    if (e) out.set(`${table}.${e[1]}`, { id: `${table}.${e[1]}`, method: e[2]!, path: `/api${e[3]}` });
  }
  for (const f of readdirSync(CONTRACTS).sort()) {
    if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
    const text = readFileSync(path.join(CONTRACTS, f), 'utf8');
    if (!/defineEndpoints\([\s\S]*\bbase:/.test(text)) continue;
    const key = camel(f.replace(/\.ts$/, ''));
    visit(parse(path.join(CONTRACTS, f)), (n) => {
      if (!ts.isCallExpression(n) || !ts.isIdentifier(n.expression) || n.expression.text !== 'defineEndpoints') return;
      const [defs, opts] = n.arguments;
      const base = opts && ts.isObjectLiteralExpression(opts) ? field(opts, 'base') : undefined;
      if (!base || base === '/api' || !defs || !ts.isObjectLiteralExpression(defs)) return;
      for (const p of defs.properties) {
        const name = propName(p.name);
        if (!name || !ts.isPropertyAssignment(p) || !ts.isObjectLiteralExpression(p.initializer)) continue;
        out.set(`${key}.${name}`, { id: `${key}.${name}`, method: field(p.initializer, 'method') ?? '?', path: base + (field(p.initializer, 'path') ?? '?') });
      }
    });
  }
  return out;
}

/** A string-literal property of an object literal. */
function field(o: ts.ObjectLiteralExpression, name: string): string | undefined {
  const p = o.properties.find((q) => propName(q.name) === name);
  return p && ts.isPropertyAssignment(p) ? str(p.initializer) : undefined;
}

// ---- The API: which module implements each endpoint, and its tables ----

/** `modules/<m>/…` → `<m>`; anything else (platform/health.ts) by its path under src/. */
function moduleOf(file: string): string {
  const parts = path.relative(API, file).split(path.sep);
  return parts[0] === 'modules' && parts.length > 2 ? parts[1]! : parts.join('/');
}

type Bound = { key: string; name?: string }; // a whole table (`key`) or one endpoint of it

function implementations(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of walk(API).filter((f) => !isTest(f))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('implement(') || !text.includes('@app/contracts/')) continue;
    const sf = parse(file);
    const bound = new Map<string, Bound>();
    const boundOf = (e: ts.Expression): Bound | undefined => {
      if (ts.isIdentifier(e)) return bound.get(e.text);
      if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
        const b = bound.get(e.expression.text);
        return b && !b.name ? { key: b.key, name: e.name.text } : undefined;
      }
      // A declaration adapted by a helper (`atRoot(endpoints.live)`): the endpoint it is given.
      if (ts.isCallExpression(e)) for (const a of e.arguments) if (boundOf(a)) return boundOf(a);
      return undefined;
    };
    visit(sf, (n) => {
      if (ts.isImportDeclaration(n) && str(n.moduleSpecifier)?.startsWith('@app/contracts/')) {
        const key = camel(str(n.moduleSpecifier)!.slice('@app/contracts/'.length));
        const named = n.importClause?.namedBindings;
        if (named && ts.isNamedImports(named))
          for (const s of named.elements) if ((s.propertyName ?? s.name).text === 'endpoints') bound.set(s.name.text, { key });
      } else if (ts.isVariableDeclaration(n) && n.initializer) {
        const from = boundOf(n.initializer);
        if (!from) return;
        if (ts.isIdentifier(n.name)) bound.set(n.name.text, from);
        else if (ts.isObjectBindingPattern(n.name) && !from.name)
          for (const el of n.name.elements) {
            if (!ts.isIdentifier(el.name)) continue;
            const name = el.dotDotDotToken ? undefined : propName(el.propertyName) ?? el.name.text;
            bound.set(el.name.text, name ? { key: from.key, name } : { key: from.key });
          }
      } else if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'implement') {
        const [, table, handlers] = n.arguments;
        if (!table || !handlers || !ts.isObjectLiteralExpression(handlers)) return;
        for (const h of handlers.properties) {
          const key = propName(h.name);
          if (!key) continue;
          let b: Bound | undefined;
          if (ts.isObjectLiteralExpression(table)) {
            const p = table.properties.find((q) => propName(q.name) === key);
            if (p && ts.isShorthandPropertyAssignment(p)) b = bound.get(p.name.text);
            else if (p && ts.isPropertyAssignment(p)) b = boundOf(p.initializer);
          } else b = boundOf(table);
          if (b) out.set(`${b.key}.${b.name ?? key}`, moduleOf(file));
        }
      }
    });
  }
  return out;
}

function tablesOf(module: string): string[] {
  const file = path.join(API, 'db/schema', `${module}.ts`);
  if (!existsSync(file)) return [];
  const out: string[] = [];
  visit(parse(file), (n) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'pgTable') {
      const name = str(n.arguments[0]);
      if (name) out.push(name);
    }
  });
  return out;
}

// ---- The web: screens and what they import ----

/** One import: the file, and the names taken from it (`null`: all of it — `import *`, `export *`, `import()`). */
interface Edge {
  target: string;
  names: string[] | null;
  dynamic: boolean;
}

interface WebFile {
  imports: Edge[]; // resolved, in apps/web/src; type-only imports left out
  /** `routes.<table>.<name>` references by top-level declaration, with the declarations each uses. */
  decls: Map<string, { refs: string[]; uses: string[] }>;
  loose: string[]; // references outside any declaration
}

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (/\.tsx?$/.test(c) && existsSync(c) && statSync(c).isFile()) return c;
  return undefined;
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?([\w*\s{},$]*?)\s*from\s+['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The names an import clause takes: `a, { b as c, type D }` → default, b; `* as x` → all. */
function namesOf(kind: string, clause: string): string[] | null {
  if (clause.includes('*')) return null;
  const names: string[] = [];
  const brace = clause.indexOf('{');
  const head = (brace < 0 ? clause : clause.slice(0, brace)).replace(/,/g, '').trim();
  if (head && kind === 'import') names.push('default');
  if (brace >= 0)
    for (const part of clause.slice(brace + 1, clause.indexOf('}')).split(',')) {
      const words = part.trim().split(/\s+/).filter(Boolean);
      if (words[0] && words[0] !== 'type') names.push(words[0]);
    }
  return names;
}

/**
 * A web file's imports are read with two regular expressions; only the files that import the
 * `routes` table are parsed (parsing every file took most of the run), and their references are
 * kept per top-level declaration, so a page that imports one hook of an entity file is not said to
 * call the endpoints of its other hooks.
 */
const webFiles = new Map<string, WebFile>();
function webFile(file: string): WebFile {
  let w = webFiles.get(file);
  if (w) return w;
  const text = readFileSync(file, 'utf8');
  const imports: Edge[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = m[2] ? undefined : resolve(file, m[4]!);
    if (target) imports.push({ target, names: namesOf(m[1]!, m[3]!), dynamic: false });
  }
  for (const m of text.matchAll(DYNAMIC_IMPORT)) {
    const target = resolve(file, m[1]!);
    if (target) imports.push({ target, names: null, dynamic: true });
  }
  w = { imports, decls: new Map(), loose: [] };
  const wf = w;
  if (text.includes('routes.gen')) {
    const sf = parse(file);
    const top = new Set<string>();
    const namesOfStatement = (st: ts.Statement): string[] => {
      const def = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ? ['default'] : [];
      if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) return [st.name.text, ...def];
      if (ts.isVariableStatement(st)) return st.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
      if (ts.isExportAssignment(st)) return ['default'];
      return [];
    };
    for (const st of sf.statements) for (const n of namesOfStatement(st)) top.add(n);
    for (const st of sf.statements) {
      if (ts.isImportDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)) continue;
      const refs: string[] = [];
      const uses = new Set<string>();
      visit(st, (n) => {
        if (ts.isPropertyAccessExpression(n) && ts.isPropertyAccessExpression(n.expression) && ts.isIdentifier(n.expression.expression) && n.expression.expression.text === 'routes')
          refs.push(`${n.expression.name.text}.${n.name.text}`);
        else if (ts.isIdentifier(n) && top.has(n.text)) uses.add(n.text);
      });
      const names = namesOfStatement(st);
      if (names.length === 0) wf.loose.push(...refs);
      for (const n of names) wf.decls.set(n, { refs, uses: [...uses] });
      // `export { a as b }`: b is a.
      if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause))
        for (const e of st.exportClause.elements) if (e.propertyName) wf.decls.set(e.name.text, { refs: [], uses: [e.propertyName.text] });
    }
  }
  webFiles.set(file, w);
  return w;
}

/** The references of a file's named declarations and of those they use; `null` names: all of them. */
function refsOf(w: WebFile, names: Set<string> | null): string[] {
  if (!names) return [...w.loose, ...[...w.decls.values()].flatMap((d) => d.refs)];
  const seen = new Set<string>();
  const out = [...w.loose];
  const queue = [...names];
  while (queue.length) {
    const n = queue.shift()!;
    if (seen.has(n)) continue;
    seen.add(n);
    const d = w.decls.get(n);
    if (d) {
      out.push(...d.refs);
      queue.push(...d.uses);
    }
  }
  return out;
}

/** Local name → the file it comes from: imports, and `lazy(() => import(…))`. Parsed only for files that declare routes. */
const bindingsCache = new Map<string, Map<string, string>>();
function bindingsOf(file: string): Map<string, string> {
  let b = bindingsCache.get(file);
  if (b) return b;
  b = new Map();
  const bindings = b;
  const dynamicTarget = (n: ts.Node): string | undefined => {
    let found: string | undefined;
    visit(n, (c) => {
      if (!found && ts.isCallExpression(c) && c.expression.kind === ts.SyntaxKind.ImportKeyword) found = resolve(file, str(c.arguments[0]) ?? '');
    });
    return found;
  };
  visit(parse(file), (n) => {
    if (ts.isImportDeclaration(n) && n.importClause && !n.importClause.isTypeOnly) {
      const target = resolve(file, str(n.moduleSpecifier) ?? '');
      if (!target) return;
      if (n.importClause.name) bindings.set(n.importClause.name.text, target);
      const named = n.importClause.namedBindings;
      if (named && ts.isNamedImports(named)) for (const s of named.elements) bindings.set(s.name.text, target);
    } else if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && ts.isCallExpression(n.initializer)) {
      const target = dynamicTarget(n.initializer);
      if (target) bindings.set(n.name.text, target);
    }
  });
  bindingsCache.set(file, b);
  return b;
}

interface Screen {
  paths: string[];
  component: string;
  file: string;
  layout: boolean;
}

const joinPath = (prefix: string, p: string | undefined) => {
  const base = prefix.replace(/\/\*$/, '').replace(/\/$/, '');
  if (p === undefined) return base || '/';
  return p.startsWith('/') || (!base && p === '*') ? p : `${base}/${p}`;
};

/** The page an element shows: its innermost component from a file of the app (wrappers such as RequireSession are outer). */
function pageOf(element: ts.Expression, file: string): { component: string; file: string } | undefined {
  let page: { component: string; file: string } | undefined;
  visit(element, (n) => {
    if (ts.isJsxSelfClosingElement(n) || ts.isJsxOpeningElement(n)) {
      const tag = n.tagName.getText(parse(file));
      const target = bindingsOf(file).get(tag);
      if (target) page = { component: tag, file: target };
    }
  });
  return page;
}

function jsxAttr(n: ts.JsxOpeningLikeElement, name: string, file: string): ts.Expression | 'true' | undefined {
  for (const a of n.attributes.properties) {
    if (!ts.isJsxAttribute(a) || a.name.getText(parse(file)) !== name) continue;
    if (!a.initializer) return 'true';
    if (ts.isStringLiteral(a.initializer)) return a.initializer;
    if (ts.isJsxExpression(a.initializer)) return a.initializer.expression;
  }
  return undefined;
}

function findScreens(): Screen[] {
  const screens: Screen[] = [];
  const add = (p: string, page: { component: string; file: string }, layout: boolean) => {
    const s = screens.find((x) => x.file === page.file && x.component === page.component && x.layout === layout);
    if (s) {
      if (!s.paths.includes(p)) s.paths.push(p);
    } else screens.push({ paths: [p], ...page, layout });
  };
  const hosted = new Set<string>();

  /** A page whose own files (under app/) declare `<Route>`s hosts those routes under its path. */
  const host = (p: string, page: { component: string; file: string }) => {
    const seen = new Set<string>();
    const queue = [page.file];
    while (queue.length) {
      const f = queue.shift()!;
      if (seen.has(f)) continue;
      seen.add(f);
      if (jsxRoutes(f, p)) {
        if (f !== page.file && !hosted.has(f)) add(p, { component: defaultName(f), file: f }, true);
        hosted.add(f);
        continue;
      }
      for (const { target } of webFile(f).imports) if (target.startsWith(path.join(WEB, 'app') + path.sep)) queue.push(target);
    }
  };

  const defaultName = (f: string) => {
    let name = path.basename(f).replace(/\.tsx?$/, '');
    visit(parse(f), (n) => {
      if (ts.isFunctionDeclaration(n) && n.name && n.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) name = n.name.text;
    });
    return name;
  };

  const objectRoutes = (list: ts.ArrayLiteralExpression, prefix: string, file: string) => {
    for (const r of list.elements) {
      if (!ts.isObjectLiteralExpression(r)) continue;
      const prop = (name: string) => {
        const p = r.properties.find((q) => propName(q.name) === name);
        return p && ts.isPropertyAssignment(p) ? p.initializer : undefined;
      };
      const p = joinPath(prefix, str(prop('path')));
      const element = prop('element');
      const page = element && pageOf(element, file);
      const children = prop('children');
      if (page) {
        const layout = !!children && ts.isArrayLiteralExpression(children);
        add(p, page, layout);
        if (!layout) host(p, page);
      }
      if (children && ts.isArrayLiteralExpression(children)) objectRoutes(children, p, file);
    }
  };

  /** The `<Route>`s a file declares, added under `prefix`; false when it declares none. */
  function jsxRoutes(file: string, prefix: string): boolean {
    if (!readFileSync(file, 'utf8').includes('<Route ')) return false;
    const walkRoutes = (n: ts.Node, pre: string) => {
      if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n)) {
        const open = ts.isJsxElement(n) ? n.openingElement : n;
        if (open.tagName.getText(parse(file)) === 'Route') {
          const pathAttr = jsxAttr(open, 'path', file);
          const p = joinPath(pre, pathAttr && pathAttr !== 'true' ? str(pathAttr) : undefined);
          const element = jsxAttr(open, 'element', file);
          const page = element && element !== 'true' ? pageOf(element, file) : undefined;
          if (page) {
            add(p, page, false);
            host(p, page);
          }
          if (ts.isJsxElement(n)) n.children.forEach((c) => walkRoutes(c, p));
          return;
        }
      }
      n.forEachChild((c) => walkRoutes(c, pre));
    };
    walkRoutes(parse(file), prefix);
    return true;
  }

  for (const file of walk(WEB).filter((f) => !isTest(f))) {
    if (!/create(Browser|Hash|Memory)Router/.test(readFileSync(file, 'utf8'))) continue;
    visit(parse(file), (n) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && /^create(Browser|Hash|Memory)Router$/.test(n.expression.text) && n.arguments[0] && ts.isArrayLiteralExpression(n.arguments[0]))
        objectRoutes(n.arguments[0], '', file);
    });
  }
  return screens;
}

/** The endpoints reached from `start` through its imports (`import()`s too unless `staticOnly`), not entering files in `stop`. */
function reached(start: string, stop: Set<string>, staticOnly = false): { refs: Set<string>; files: Set<string> } {
  const wanted = new Map<string, Set<string> | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const f = queue.shift()!;
    for (const e of webFile(f).imports) {
      if ((staticOnly && e.dynamic) || (e.target !== start && stop.has(e.target))) continue;
      const had = wanted.get(e.target);
      const first = !wanted.has(e.target);
      if (!first && had === null) continue;
      const next = e.names === null ? null : new Set([...(had ?? []), ...e.names]);
      if (!first && next && had && next.size === had.size) continue;
      wanted.set(e.target, next);
      if (first) queue.push(e.target);
    }
  }
  const refs = new Set<string>();
  for (const [f, names] of wanted) for (const r of refsOf(webFile(f), names)) refs.add(r);
  return { refs, files: new Set(wanted.keys()) };
}

// ---- The document ----

export function renderWhereIs(): string {
  parsed.clear();
  webFiles.clear();
  bindingsCache.clear();
  const endpoints = loadEndpoints();
  const implemented = implementations();
  const tables = new Map<string, string[]>();
  const moduleOfEndpoint = (id: string) => implemented.get(id) ?? '—';
  const tablesOfModule = (m: string) => {
    if (!tables.has(m)) tables.set(m, m.endsWith('.ts') || m === '—' ? [] : tablesOf(m));
    return tables.get(m)!;
  };
  const order = [...endpoints.keys()];
  const sorted = (ids: Iterable<string>) => [...ids].sort((a, b) => (order.indexOf(a) + 1 || 1e9) - (order.indexOf(b) + 1 || 1e9) || a.localeCompare(b));
  const row = (id: string, withTables = true) => {
    const e = endpoints.get(id);
    const m = moduleOfEndpoint(id);
    const t = tablesOfModule(m);
    const cells = [`\`${id}\``, e?.method ?? '?', e ? `\`${e.path}\`` : '(not in the contracts)', m === '—' ? '—' : `\`${m}\``];
    if (withTables) cells.push(t.length ? t.map((x) => `\`${x}\``).join(', ') : '—');
    return `| ${cells.join(' | ')} |`;
  };
  const table = (ids: string[]) => (ids.length ? ['| Endpoint | Method | Path | Module | Tables |', '|---|---|---|---|---|', ...ids.map((id) => row(id))] : ['No endpoint of its own.']);

  const screens = findScreens();
  // Found by scanning: when a file the scan relies on has moved out of its reach, say so rather than write an empty map.
  if (endpoints.size === 0) throw new Error(`where-is: no endpoint in ${rel(CONTRACTS)}/routes.gen.ts`);
  if (screens.length === 0) throw new Error(`where-is: no screen found (no createBrowserRouter([...]) under ${rel(WEB)})`);
  if (implemented.size === 0) throw new Error(`where-is: no implement(app, endpoints, handlers) call found under ${rel(API)}`);
  const stop = new Set(screens.map((s) => s.file));
  const main = [path.join(WEB, 'main.tsx'), path.join(WEB, 'main.ts')].find((f) => existsSync(f));
  const shell = main ? reached(main, stop, true) : { refs: new Set<string>(), files: new Set<string>() };
  for (const f of shell.files) stop.add(f);
  const fromScreens = new Set<string>(shell.refs);

  const lines = [
    '# Where is X',
    '',
    `<!-- Generated by \`${COMMAND}\` from the code; do not edit. A test fails when this file is stale. -->`,
    '',
    'Screen → route → endpoint → module → tables. The screens are the web router\'s routes',
    '(`createBrowserRouter` and the `<Route>`s of the pages it mounts). A screen\'s endpoints are the',
    '`routes.<table>.<name>` references in what it imports (features, entities, components, lib; from',
    'a file that references endpoints, only the declarations it takes), less those of the shell, listed',
    'once below; a layout\'s are shared by the screens under its path. An endpoint\'s module is the one',
    'whose routes file `implement`s it (decision 054); a module\'s tables are those of',
    '`apps/api/src/db/schema/<module>.ts` (decision 055).',
    '',
    '## The shell (every screen)',
    '',
    `Loaded by \`${main ? rel(main) : 'main.tsx'}\` before any screen.`,
    '',
    ...table(sorted(shell.refs)),
    '',
    '## Screens',
  ];
  for (const s of screens) {
    const { refs } = reached(s.file, stop);
    for (const r of refs) fromScreens.add(r);
    lines.push(
      '',
      `### ${s.paths.map((p) => `\`${p}\``).join(', ')} — ${s.component}${s.layout ? ' (layout)' : ''}`,
      '',
      `\`${rel(s.file)}\``,
      '',
      ...table(sorted([...refs].filter((r) => !shell.refs.has(r)))),
    );
  }
  const rest = sorted(order.filter((id) => !fromScreens.has(id)));
  lines.push(
    '',
    '## Endpoints no screen calls',
    '',
    'The developer API, the public and operator paths, health checks and the like.',
    '',
    ...(rest.length ? ['| Endpoint | Method | Path | Module |', '|---|---|---|---|', ...rest.map((id) => row(id, false))] : ['None.']),
    '',
    '## Modules and their tables',
    '',
    '| Module | Tables |',
    '|---|---|',
  );
  const modules = [...new Set(order.map(moduleOfEndpoint))].sort();
  for (const m of modules) {
    const t = tablesOfModule(m);
    lines.push(`| ${m === '—' ? '— (no routes file implements it)' : `\`${m}\``} | ${t.length ? t.map((x) => `\`${x}\``).join(', ') : '—'} |`);
  }
  lines.push('');
  return lines.join('\n');
}

export function currentWhereIs(): string {
  try {
    return readFileSync(WHERE_IS_FILE, 'utf8');
  } catch {
    return '';
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = performance.now();
  const text = renderWhereIs();
  if (text !== currentWhereIs()) writeFileSync(WHERE_IS_FILE, text);
  console.log(`${rel(WHERE_IS_FILE)}: ${text.split('\n').filter((l) => l.startsWith('### ')).length} screens (${Math.round(performance.now() - started)} ms)`);
}
