import { buildApp } from './app';
import { loadConfig } from './config';
import { seed } from './seed';

const config = loadConfig();
const built = await buildApp(config);
await seed(built.database.db, config, (line) => console.log(line));
await built.app.listen({ port: config.port, host: config.host });
console.log(`Platform ready on http://localhost:${config.port}/ (API docs: /api/docs)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    built.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
