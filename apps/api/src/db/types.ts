/** The database's plain types, apart from the client so that the embedded worker's client, config.ts and db/pg.ts import them without importing the client. */

/** A statement's parameter as the drivers take it: sent as text, bigints as strings, booleans as `true`/`false`. */
export type StatementParam = string | number | boolean | null;

export type DatabaseConfig =
  | { kind: 'pglite'; /** null = in memory */ dataDir: string | null; /** An in-memory database starts from this dump of a migrated one (tests: db/pglite-template.ts). */ templateFile?: string }
  | { kind: 'postgres'; url: string };

/** A named statement with `$n` parameters; the name must be unique to its text in the process (`statement()`, db/client.ts). */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** A named statement with its parameters, ready to run (alone or with others in `rawMany`). */
export interface StatementCall {
  statement: Statement;
  params: StatementParam[];
}

/** A NOTIFY listener (`Database.listen`). */
export interface Listener {
  listening(): boolean;
  stop(): Promise<void>;
}
