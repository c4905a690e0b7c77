import { buildApp } from './app';
import { loadConfig } from './config';
import { recoverAtStart } from './crash-recovery';
import { tuneGarbageCollection } from './platform/gc-tuning';
import { holdPgliteLock } from './platform/server-lock';
import { startTracing, stopTracing } from './platform/tracing';
import { seed } from './seed';

tuneGarbageCollection();

const config = loadConfig();
const release = config.database.kind === 'pglite' ? holdPgliteLock(config.dataDir) : () => undefined;
// Traces (decision 052): the SDK is imported only with OTEL_EXPORTER_OTLP_ENDPOINT, before the app is built.
if (config.tracing && (await startTracing(config.tracing))) console.log(`Traces go to ${config.tracing.endpoint}`);
const built = await buildApp(config);
// Seeding and start-up maintenance serve every tenant: the owner's connection. Under the start-up
// lock: of several instances starting at once on an empty database, one makes the demo tenant.
await built.database.exclusive(() => seed(built.database.owner, config, (line) => console.log(line)));
// What a crash left: answers kept as interrupted, credits held released (decision 041).
await recoverAtStart(config, built, (line) => console.log(line));
await built.app.listen({ port: config.port, host: config.host });
console.log(`Platform ready on http://localhost:${config.port}/ (API docs: /api/docs)`);

/**
 * Graceful shutdown (decision 040) on SIGTERM (systemd, docker, Kubernetes) or SIGINT (Ctrl-C): stop
 * accepting, let running answers finish for up to SHUTDOWN_GRACE_SECONDS, close the rest as
 * interrupted, close the server and the database, exit 0. The signal often arrives more than once —
 * sent to the process group (systemd, a terminal's Ctrl-C) it reaches `npm start`'s wrappers too,
 * which pass it on — so every repeat is ignored: the handlers stay installed for the whole
 * shutdown (a signal without a handler would kill the process mid-answer). SIGKILL still ends it.
 */
let shuttingDown = false;
const graceMs = (config.shutdownGraceSeconds ?? 30) * 1000;
function shutdown(signal: NodeJS.Signals): void {
  if (shuttingDown) {
    console.log(`${signal} again: already shutting down.`);
    return;
  }
  shuttingDown = true;
  console.log(`${signal}: shutting down; running answers have ${graceMs / 1000} s to finish.`);
  built
    .drain(graceMs)
    .then(({ running, stopped }) => {
      if (running > 0) console.log(`${running - stopped} running answer(s) finished, ${stopped} closed as interrupted.`);
      return built.close();
    })
    // The spans still buffered are sent before the process exits.
    .then(() => stopTracing().catch(() => undefined))
    .then(
      () => {
        release();
        process.exit(0);
      },
      (err: unknown) => {
        console.error(`Shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        release();
        process.exit(1);
      },
    );
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);
