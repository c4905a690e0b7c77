import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Modules own their tables (decision 055): each table is declared in db/schema/<module>.ts, named
// after the module that owns it, and a module's code imports only its own schema file — never
// db/schema/index.ts (every table) and never another module's. Another module's data comes through
// the owner's service, or a read-only query (`<owner>.readonly.ts`) or hot-path statement
// (`<owner>.statements.ts`) the owner declares for it. Tests are exempt: they set up rows anywhere.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(src, 'modules');
const schemaDir = path.join(src, 'db', 'schema');
/**
 * Statements that must read tables of several modules in one statement (decision 055 lists why).
 * The list is exact: a new cross-module statement fails here until it is declared (or moved to
 * the owner), and a removed one must leave the list.
 */
const SQL_EXCEPTIONS = [
  // The chat close's charge (decision 012, one named statement on the hot path): a usage row of a
  // group deleted since the answer began is not counted for it.
  'credits/credits.repo.ts → member_groups',
  // Seats are members plus open invitations, counted in one statement under the tenant's row lock.
  'members/members.repo.ts → invitations',
  // The dashboards are a read model over the platform: one statement per figure across modules.
  'dashboards/dashboards.repo.ts → chatbots',
  'dashboards/dashboards.repo.ts → credit_grants',
  'dashboards/dashboards.repo.ts → credit_transactions',
  'dashboards/dashboards.repo.ts → credit_usage_daily',
  'dashboards/dashboards.repo.ts → llm_models',
  'dashboards/dashboards.repo.ts → members',
];
/** Helpers of the schema files, not tables. */
const SHARED_SCHEMA = new Set(['columns']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__fixtures__' ? [] : sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The schema files a source file imports (static, type-only and dynamic imports and re-exports), by name. */
export function schemaImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter((i) => i.fileName.startsWith('.'))
    .map((i) => path.resolve(path.dirname(file), i.fileName).replace(/\.(js|ts)$/, ''))
    .filter((target) => path.dirname(target) === schemaDir)
    .map((target) => path.basename(target));
}

const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
/** The tables each schema file declares, by their exported name. */
function tablesOf(schemaFile: string): string[] {
  return [...readFileSync(path.join(schemaDir, `${schemaFile}.ts`), 'utf8').matchAll(/export const (\w+) = pg(?:Table|View)\(/g)].map((m) => m[1]!);
}

const schemaFiles = readdirSync(schemaDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .filter((f) => f !== 'index' && !SHARED_SCHEMA.has(f));

describe('modules own their tables', () => {
  it('every schema file is named after a module', () => {
    expect(schemaFiles.filter((f) => !modules.includes(f))).toEqual([]);
  });

  it('db/schema/index.ts exports every schema file (db/client and drizzle-kit see every table)', () => {
    const exported = schemaImports(path.join(schemaDir, 'index.ts'));
    expect([...exported].sort()).toEqual([...schemaFiles].sort());
  });

  it('a module imports only its own schema file', () => {
    const offenders: string[] = [];
    for (const m of modules) {
      for (const file of sourceFiles(path.join(modulesDir, m))) {
        for (const imported of schemaImports(file)) {
          if (imported === m || SHARED_SCHEMA.has(imported)) continue;
          offenders.push(`${path.relative(src, file)} imports db/schema/${imported}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it("a module's SQL text names only its own tables, but for the declared exceptions", () => {
    const tableOwner = new Map(
      schemaFiles.flatMap((f) => [...readFileSync(path.join(schemaDir, `${f}.ts`), 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)].map((m) => [m[1]!, f] as const)),
    );
    const found: string[] = [];
    for (const m of modules) {
      for (const file of sourceFiles(path.join(modulesDir, m))) {
        const text = readFileSync(file, 'utf8');
        const named = new Set([...text.matchAll(/\b(?:from|join|into|update|exists \(select 1 from)\s+"?(\w+)"?/gi)].map((x) => x[1]!.toLowerCase()));
        for (const table of named) {
          const of = tableOwner.get(table);
          if (of !== undefined && of !== m) found.push(`${path.relative(modulesDir, file)} → ${table}`);
        }
      }
    }
    expect(found.sort()).toEqual([...SQL_EXCEPTIONS].sort());
  });

  it("a module's relational queries (db.query.<table>) read only its own tables", () => {
    const owner = new Map(schemaFiles.flatMap((f) => tablesOf(f).map((t) => [t, f] as const)));
    expect(owner.size).toBeGreaterThan(40);
    const offenders: string[] = [];
    for (const m of modules) {
      for (const file of sourceFiles(path.join(modulesDir, m))) {
        for (const [, table] of readFileSync(file, 'utf8').matchAll(/\.query\.(\w+)\.find(?:First|Many)\b/g)) {
          const of = owner.get(table!);
          if (of !== undefined && of !== m) offenders.push(`${path.relative(src, file)} queries ${table} (db/schema/${of})`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
