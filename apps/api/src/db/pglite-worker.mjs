// The embedded database on its own thread (docs/decisions/011): PGlite runs PostgreSQL as
// WebAssembly, synchronously, so on the main thread every statement stalled every open chat
// stream. Plain JavaScript on purpose: a worker thread starts without the TypeScript loader
// under `tsx`, Vitest and plain Node alike. Protocol: see pglite-remote.ts.
import { existsSync, readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const port = parentPort;
// pg_trgm: the console's member search (a trigram index, migration 0010).
// An in-memory database may start from a dump of a migrated one (tests): no initdb, no migrations.
const template = !workerData.dataDir && workerData.templateFile && existsSync(workerData.templateFile) ? new Blob([readFileSync(workerData.templateFile)]) : undefined;
const pg = new PGlite({ ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}), ...(template ? { loadDataDir: template } : {}), extensions: { pg_trgm } });
/** Open transactions: id → { tx, finish(commit) }. */
const txs = new Map();
const identity = (v) => v;

function optionsOf(msg) {
  if (!msg.rawTypes) return msg.rowMode ? { rowMode: msg.rowMode } : undefined;
  const parsers = {};
  for (const oid of msg.rawTypes) parsers[oid] = identity;
  return { rowMode: msg.rowMode, parsers };
}

/**
 * A named statement (the chat hot path, docs/decisions/012): parsed and planned once per
 * database session, then only bound and executed — one protocol message per call. Planning the
 * turn statements cost three quarters of their time. Waits for open transactions like `query`.
 */
const prepared = new Set();
const ser = protocol.serialize;

/**
 * The tenant scope of a statement (db/tenant-scope.ts): its `set_config` runs first in the same
 * implicit transaction (every message up to the Sync), so the setting holds for the statements
 * after it and ends with them. Returns the protocol messages and whether a result was added.
 */
function scopeParts(scope) {
  if (!scope) return [];
  const parts = [];
  if (!prepared.has(scope.name)) {
    parts.push(ser.parse({ name: scope.name, text: scope.sql }));
    prepared.add(scope.name);
  }
  parts.push(ser.bind({ statement: scope.name, values: scope.params }), ser.describe({ type: 'P' }), ser.execute({}));
  return parts;
}

/** After a failed stream whether the scope's Parse took effect is unknown: parse it again next time. */
async function forgetScope(scope) {
  if (!scope) return;
  prepared.delete(scope.name);
  await pg.execProtocolStream(Buffer.concat([ser.close({ type: 'S', name: scope.name }), ser.sync()]), { syncToFs: false }).catch(() => undefined);
}

function runNamed(msg) {
  return pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      const values = msg.params.map((v) => (v === null || v === undefined ? null : String(v)));
      const fresh = !prepared.has(msg.name);
      const parts = [ser.bind({ statement: msg.name, values }), ser.describe({ type: 'P' }), ser.execute({}), ser.sync()];
      if (fresh) parts.unshift(ser.parse({ name: msg.name, text: msg.sql }));
      parts.unshift(...scopeParts(msg.scope));
      let messages;
      try {
        messages = await pg.execProtocolStream(Buffer.concat(parts), { syncToFs: false });
      } catch (err) {
        // Whether the Parse of a first call took effect is unknown: drop the name (closing a
        // statement that does not exist is no error) so that the next call parses it again.
        if (fresh) await pg.execProtocolStream(Buffer.concat([ser.close({ type: 'S', name: msg.name }), ser.sync()]), { syncToFs: false }).catch(() => undefined);
        await forgetScope(msg.scope);
        throw err;
      }
      prepared.add(msg.name);
      await pg.syncToFs();
      const results = parse.parseResults(messages, pg.parsers);
      const result = results[results.length - 1];
      return { rows: result?.rows ?? [], fields: result?.fields ?? [], affectedRows: result?.affectedRows };
    }),
  );
}

/**
 * Several named statements in ONE protocol stream with one Sync: PostgreSQL runs them as one
 * implicit transaction (all or nothing) and the data folder is synced once. The close of a chat
 * answer writes the rows of three modules this way (the answer, its ledger charge, the chatbot's
 * counters): one message to this thread instead of three.
 */
function runNamedMany(msg) {
  return pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      const fresh = [];
      const parts = scopeParts(msg.scope);
      for (const st of msg.statements) {
        if (!prepared.has(st.name) && !fresh.includes(st.name)) {
          fresh.push(st.name);
          parts.push(ser.parse({ name: st.name, text: st.sql }));
        }
        const values = st.params.map((v) => (v === null || v === undefined ? null : String(v)));
        parts.push(ser.bind({ statement: st.name, values }), ser.describe({ type: 'P' }), ser.execute({}));
      }
      parts.push(ser.sync());
      let messages;
      try {
        messages = await pg.execProtocolStream(Buffer.concat(parts), { syncToFs: false });
      } catch (err) {
        if (fresh.length > 0) {
          await pg.execProtocolStream(Buffer.concat([...fresh.map((name) => ser.close({ type: 'S', name })), ser.sync()]), { syncToFs: false }).catch(() => undefined);
        }
        await forgetScope(msg.scope);
        throw err;
      }
      for (const name of fresh) prepared.add(name);
      await pg.syncToFs();
      return parse.parseResults(messages, pg.parsers).slice(msg.scope ? 1 : 0).map((r) => r?.rows ?? []);
    }),
  );
}

function errorOf(err) {
  const out = { message: err?.message ?? String(err), name: err?.name ?? 'Error' };
  for (const k of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'where', 'routine']) {
    if (err && err[k] !== undefined) out[k] = err[k];
  }
  return out;
}

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      if (msg.scope) {
        // One statement in its tenant's scope: a transaction of the scope and the statement.
        return pg.transaction(async (tx) => {
          await tx.query(msg.scope.sql, msg.scope.params);
          const r = await tx.query(msg.sql, msg.params, optionsOf(msg));
          return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
        });
      }
      const target = msg.txId ? txs.get(msg.txId)?.tx : pg;
      if (!target) throw new Error(`transaction ${msg.txId} is not open`);
      const r = await target.query(msg.sql, msg.params, optionsOf(msg));
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'named':
      return runNamed(msg);
    case 'namedMany':
      return runNamedMany(msg);
    case 'begin': {
      // PGlite queues every other statement behind an open transaction: hold it open until the
      // main thread ends it.
      const entry = {};
      let started;
      const ready = new Promise((resolve) => (started = resolve));
      entry.result = pg.transaction(
        async (tx) => {
          if (msg.scope) await tx.query(msg.scope.sql, msg.scope.params);
          return new Promise((commit, rollback) => {
            entry.tx = tx;
            entry.finish = (ok) => (ok ? commit() : rollback(new Error('rollback')));
            started();
          });
        },
      );
      entry.result.catch(() => undefined);
      txs.set(msg.txId, entry);
      await Promise.race([ready, entry.result]);
      return null;
    }
    case 'end': {
      const t = txs.get(msg.txId);
      if (!t) return null;
      t.finish(msg.commit);
      try {
        await t.result;
      } catch (err) {
        if (msg.commit) throw err;
      } finally {
        txs.delete(msg.txId);
      }
      return null;
    }
    case 'listen': {
      await pg.listen(msg.channel, (payload) => port.postMessage({ notify: msg.channel, payload }));
      return null;
    }
    case 'dump': {
      const file = await pg.dumpDataDir('none');
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close': {
      await pg.close();
      return null;
    }
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

port.on('message', (msg) => {
  handle(msg).then(
    (result) => port.postMessage({ id: msg.id, result }),
    (err) => port.postMessage({ id: msg.id, error: errorOf(err) }),
  );
});

try {
  await pg.waitReady;
  await migrate(drizzle({ client: pg }), { migrationsFolder: workerData.migrationsFolder });
  // From here on the one session is the app's non-owner role, under row-level security (db/tenant-scope.ts).
  await pg.exec('set role chat_app');
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: errorOf(err) });
}
