import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { WEB, isTest, parse, propName, str, visit, walk } from './common';

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

export interface Screen {
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

export function findScreens(): Screen[] {
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
export function reached(start: string, stop: Set<string>, staticOnly = false): { refs: Set<string>; files: Set<string> } {
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

/** Forgets what was read, for a second run in one process (the test's). */
export function clearWebCaches() {
  webFiles.clear();
  bindingsCache.clear();
}
