import { buildApp } from './app';
import { loadConfig } from './config';
import { stopInterruptedStreams } from './modules/chat/chat.service';
import { tuneGarbageCollection } from './platform/gc-tuning';
import { holdPgliteLock } from './platform/server-lock';
import { seed } from './seed';

tuneGarbageCollection();

const config = loadConfig();
const release = config.database.kind === 'pglite' ? holdPgliteLock(config.dataDir) : () => undefined;
const built = await buildApp(config);
// Seeding and start-up maintenance serve every tenant: the owner's connection.
await seed(built.database.owner, config, (line) => console.log(line));
if (config.database.kind === 'pglite') {
  const stopped = await stopInterruptedStreams(built.database.owner);
  if (stopped > 0) console.log(`${stopped} answer(s) interrupted by the last shutdown kept as stopped.`);
}
await built.app.listen({ port: config.port, host: config.host });
console.log(`Platform ready on http://localhost:${config.port}/ (API docs: /api/docs)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    built.close().then(
      () => {
        release();
        process.exit(0);
      },
      () => {
        release();
        process.exit(1);
      },
    );
  });
}
