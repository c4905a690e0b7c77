/** The database's plain types, apart from the client so that the embedded worker's client and config.ts import them without importing the client. */

/** A statement's parameter as the drivers take it: sent as text, bigints as strings, booleans as `true`/`false`. */
export type StatementParam = string | number | boolean | null;

export type DatabaseConfig =
  | { kind: 'pglite'; /** null = in memory */ dataDir: string | null; /** An in-memory database starts from this dump of a migrated one (tests: db/pglite-template.ts). */ templateFile?: string }
  | { kind: 'postgres'; url: string };
