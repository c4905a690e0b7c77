import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Embedded PGlite is one process's database: a second process opening the same folder would
// corrupt it. The server leaves its pid here; tools refuse to open the folder while it runs.
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function assertPgliteFree(dataDir: string): void {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8'));
  if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) {
    throw new Error(
      `The platform (pid ${pid}) is running on the embedded database in ${dataDir}. Stop it first, or use a PostgreSQL server (DATABASE_URL), which allows this while the server runs.`,
    );
  }
}

export function holdPgliteLock(dataDir: string): () => void {
  assertPgliteFree(dataDir);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => rmSync(lockFile(dataDir), { force: true });
}
