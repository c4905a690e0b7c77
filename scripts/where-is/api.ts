import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { API, CONTRACTS, camel, isTest, parse, propName, str, visit, walk } from './common';

// ---- Endpoints: the contracts' tables ----

export interface Endpoint {
  id: string; // `<table>.<name>`, as the web writes it after `routes.`
  method: string;
  path: string;
}

/**
 * The `/api` tables from `routes/<file>.gen.ts` (generated from them, and checked by a test); tables on
 * another base (the developer API's `/v1`) are not in it and are read from their declarations.
 * Neither is imported: loading zod and every contract cost more than the rest of the run.
 */
export function loadEndpoints(): Map<string, Endpoint> {
  const out = new Map<string, Endpoint>();
  const tablesDir = path.join(CONTRACTS, 'routes');
  for (const f of readdirSync(tablesDir).sort()) {
    const table = camel(f.replace(/\.gen\.ts$/, ''));
    for (const line of readFileSync(path.join(tablesDir, f), 'utf8').split('\n')) {
      const e = /^ {2}(\w+): \{ method: '(\w+)', path: '([^']*)' \},$/.exec(line);
      if (e) out.set(`${table}.${e[1]}`, { id: `${table}.${e[1]}`, method: e[2]!, path: `/api${e[3]}` });
    }
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

export function implementations(): Map<string, string> {
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

export function tablesOf(module: string): string[] {
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
