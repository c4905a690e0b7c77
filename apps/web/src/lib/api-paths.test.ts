import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 054: the web calls the API only through the contracts' route table
 * (`api(routes.x.y, …)`, `apiUrl`, `apiFetch`). No source file may write an endpoint's path by
 * hand, nor call `apiRequest`, `buildUrl` or `fetch` with a path of its own.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '..');
const routesDir = path.resolve(here, '../../../../packages/contracts/src/routes');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__fixtures__' || e.name === 'test' ? [] : sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const segments = (p: string) => p.replace(/[?#].*$/, '').split('/');
const isParam = (s: string) => s.startsWith(':');

/** Whether a literal (template parts as `:x`) names one of the endpoints' paths. */
function matchesEndpoint(literal: string, endpoints: string[][]): string | null {
  if (!literal.startsWith('/') || literal.length < 2) return null;
  const lit = segments(literal);
  for (const ep of endpoints) {
    if (ep.length !== lit.length) continue;
    if (ep.every((s, i) => s === lit[i] || isParam(s) || isParam(lit[i]!))) return ep.join('/');
  }
  return null;
}

/** String and template literals of a source's code (comments left out), template substitutions as `:x`. */
function literals(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const out: string[] = [];
  const re = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
  for (const m of text.matchAll(re)) out.push((m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, ':x'));
  return out;
}

describe('API paths in the web app', () => {
  const endpoints = readdirSync(routesDir).flatMap((f) => [...readFileSync(path.join(routesDir, f), 'utf8').matchAll(/path: '([^']+)'/g)].map((m) => segments(m[1]!)));
  const files = sources(src).filter((f) => !f.endsWith(path.join('lib', 'api-client.ts')));

  it('finds the route table and the sources', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    expect(files.length).toBeGreaterThan(200);
  });

  it('no source writes an endpoint path by hand', () => {
    const found: string[] = [];
    for (const f of files) {
      for (const lit of literals(readFileSync(f, 'utf8'))) {
        const ep = matchesEndpoint(lit, endpoints);
        if (ep) found.push(`${path.relative(src, f)}: '${lit}' is ${ep} — use routes.… from @app/contracts/routes.gen`);
      }
    }
    expect(found).toEqual([]);
  });

  it('no source calls apiRequest, or buildUrl or fetch with a path of its own', () => {
    const found: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/\b(apiRequest\s*[<(]|buildUrl\s*\(\s*[`'"]|fetch\s*\(\s*[`'"]\/)/g)) found.push(`${path.relative(src, f)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
