import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const files = (path, pattern) => readdirSync(new URL(path, import.meta.url)).filter((name) => pattern.test(name));

// Module boundaries (docs/architecture.md, "Adding a feature module"). In the API a module is used
// by others only through its service (and its pure rules); platform/, db/ and llm/ know no
// module; the composition roots (app.ts, seed.ts, main.ts, cli/) wire services and routes. In the
// web app a feature never imports another feature or the app; shared UI lives in components/ and
// lib/, composition in app/.
const API = 'apps/api/src';
const apiModules = dirs(`./${API}/modules`);
const apiZones = [
  {
    target: [`${API}/platform/**`, `${API}/db/**`, `${API}/llm/**`, `${API}/integrations/**`],
    from: `${API}/modules`,
    message: 'platform/, db/, llm/ and integrations/ know no feature module: pass what they need in from app.ts.',
  },
  {
    target: [`${API}/platform/**`, `${API}/db/**`, `${API}/llm/**`],
    from: `${API}/integrations`,
    message: 'platform/, db/ and llm/ know no integration: modules and app.ts choose and wire integrations.',
  },
  {
    target: `${API}/integrations/**`,
    from: [`${API}/config.ts`, `${API}/app.ts`],
    message: 'An integration knows its own config type, not the app configuration: app.ts passes it in.',
  },
  ...apiModules.flatMap((m) =>
    apiModules
      .filter((other) => other !== m)
      .map((other) => ({
        target: `${API}/modules/${m}`,
        from: `${API}/modules/${other}`,
        except: [`./${other}.service.ts`, `./${other}.rules.ts`, `./${other}.readonly.ts`, `./${other}.statements.ts`],
        message: `A module uses another through its service (${other}.service.ts), its pure rules or what it lends (${other}.readonly.ts, ${other}.statements.ts), never its repo or internals.`,
      })),
  ),
  ...apiModules.map((other) => ({
    target: [`${API}/*.ts`, `${API}/cli/**`, `${API}/test/**`],
    from: `${API}/modules/${other}`,
    except: files(`./${API}/modules/${other}`, /\.(service|routes)\.ts$/).map((f) => `./${f}`),
    message: 'Composition roots wire services and routes, never a repo.',
  })),
];

// Decision 055: a module's code imports only its own tables (db/schema/<m>.ts).
const tableZones = apiModules.map((m) => ({
  target: `${API}/modules/${m}`,
  from: `${API}/db/schema`,
  except: [`./${m}.ts`, './columns.ts'],
  message: `A module imports only its own tables (db/schema/${m}.ts); another module's data comes through its service or its <owner>.readonly.ts.`,
}));

const WEB = 'apps/web/src';
const webFeatures = dirs(`./${WEB}/features`);
const webZones = [
  ...webFeatures.map((f) => ({
    target: `${WEB}/features/${f}`,
    from: `${WEB}/features`,
    except: [`./${f}`],
    message: 'A feature never imports another feature: compose them in app/, share UI through components/ or lib/.',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features never import the app: the app composes features.' },
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`, `${WEB}/entities`],
    message: 'Shared UI and lib know no feature, no entity and no app.',
  },
  {
    target: `${WEB}/entities`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Entities (reads several features share) know no feature and no app.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.e2e-data/**', 'test-results/**', 'playwright-report/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contracts/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...apiZones, ...webZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${API}/modules/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...apiZones, ...webZones, ...tableZones] }] },
  },
);
