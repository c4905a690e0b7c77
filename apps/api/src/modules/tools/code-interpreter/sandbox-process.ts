import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What one sandbox process needs to know; see CodeRunnerOptions for the meaning of each limit. */
export interface SandboxSettings {
  memoryBytes: number;
  maxOutputBytes: number;
  maxFiles: number;
  maxFileBytes: number;
  wheelsDir: string | null;
  /** Start the process in its own network namespace (`unshare --net`), where one exists. */
  networkNamespace: boolean;
}

/** The child's answer to one run (sandbox-child.mjs). */
export interface ChildResult {
  stdout: string;
  stderr: string;
  files: Array<{ name: string; data: Uint8Array }>;
  error: string | null;
  memoryLimit: boolean;
}

/** Why a process ended without an answer. */
export type SandboxEnd = { kind: 'exit'; code: number | null; signal: string | null } | { kind: 'memory' };

const childScript = fileURLToPath(new URL('./sandbox-child.mjs', import.meta.url));
const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));

/** The JavaScript heap of the interpreter's process; Python's own heap is WebAssembly memory, capped apart. */
const JS_HEAP_MB = 256;
/** Above the Python heap limit, what the process may hold (V8, Pyodide's code, the standard library) before it is killed. */
const PROCESS_OVERHEAD_BYTES = 512 * 1024 * 1024;
const RSS_POLL_MS = 100;

let namespaceProbe: boolean | undefined;
/** Whether this machine lets an unprivileged process create a network namespace (`unshare -rn`): probed once. */
export function networkNamespaceAvailable(): boolean {
  if (namespaceProbe === undefined) {
    if (process.platform !== 'linux') namespaceProbe = false;
    else {
      const probe = spawnSync('unshare', ['--net', '--map-root-user', 'true'], { stdio: 'ignore', timeout: 5000 });
      namespaceProbe = probe.status === 0;
    }
  }
  return namespaceProbe;
}

function nodeArguments(settings: SandboxSettings): string[] {
  const readable = [pyodideDir, childScript, ...(settings.wheelsDir ? [settings.wheelsDir] : [])];
  const childConfig = {
    pyodideDir,
    wheelsDir: settings.wheelsDir,
    memoryBytes: settings.memoryBytes,
    maxOutputBytes: settings.maxOutputBytes,
    maxFiles: settings.maxFiles,
    maxFileBytes: settings.maxFileBytes,
  };
  return [
    '--permission',
    ...readable.map((path) => `--allow-fs-read=${path}`),
    '--disallow-code-generation-from-strings',
    `--max-old-space-size=${JS_HEAP_MB}`,
    '--no-warnings',
    childScript,
    JSON.stringify(childConfig),
  ];
}

/** Resident memory of a process from /proc (Linux); elsewhere null, and the WebAssembly cap alone bounds it. */
async function residentBytes(pid: number): Promise<number | null> {
  try {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
    return Number(statm.split(' ')[1]) * 4096;
  } catch {
    return null;
  }
}

/**
 * One interpreter process: started at once (so a spare warms up before it is needed), runs one
 * piece of code, then is killed. `ready` settles when Pyodide has loaded; `ended` when the process
 * is gone, with why.
 */
export class SandboxProcess {
  readonly ready: Promise<void>;
  readonly ended: Promise<SandboxEnd>;
  private readonly child: ChildProcess;
  private readonly settings: SandboxSettings;
  private answer: ((result: ChildResult) => void) | null = null;
  private memoryKilled = false;
  private poll: NodeJS.Timeout | null = null;
  private exited = false;

  constructor(settings: SandboxSettings) {
    this.settings = settings;
    const args = nodeArguments(settings);
    const [command, argv] = settings.networkNamespace
      ? ['unshare', ['--net', '--map-root-user', process.execPath, ...args]]
      : [process.execPath, args];
    this.child = spawn(command, argv, {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      // Nothing of the platform's environment (database URL, keys) reaches Python.
      env: {},
    });
    let startupError = '';
    this.child.stderr?.on('data', (chunk: Buffer) => {
      if (startupError.length < 4000) startupError += chunk.toString('utf8');
    });
    this.ended = new Promise((resolve) => {
      const end = (code: number | null, signal: string | null) => {
        if (this.exited) return;
        this.exited = true;
        this.stopPolling();
        resolve(this.memoryKilled ? { kind: 'memory' } : { kind: 'exit', code, signal });
      };
      this.child.once('exit', end);
      // A process that could not start has no exit event; a send to a dead channel lands here too.
      this.child.on('error', (error) => {
        startupError ||= error.message;
        if (this.child.pid === undefined || this.child.exitCode !== null) end(null, null);
      });
    });
    this.ready = new Promise((resolve, reject) => {
      void this.ended.then(() => reject(new Error(`the interpreter did not start: ${startupError.trim().split('\n').slice(-3).join(' ') || 'it exited'}`)));
      this.child.on('message', (message: { type?: string } & Partial<ChildResult>) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'result') this.answer?.(message as ChildResult);
      });
    });
    // A spare that never runs must not leave an unhandled rejection behind.
    this.ready.catch(() => undefined);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Sends the code; the promise settles with the child's answer, or never if the process dies first (watch `ended`). */
  start(code: string, files: Array<{ name: string; data: Uint8Array }>): Promise<ChildResult> {
    const result = new Promise<ChildResult>((resolve) => {
      this.answer = resolve;
    });
    this.watchMemory();
    this.child.send({ type: 'run', code, files });
    return result;
  }

  /** Kills the process (idempotent) and waits until it is gone, so its memory is back. */
  async kill(): Promise<void> {
    this.stopPolling();
    if (!this.exited) this.child.kill('SIGKILL');
    await this.ended;
  }

  /** The backstop behind the WebAssembly cap: a process whose resident memory passes the limit is killed. */
  private watchMemory(): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    const limit = this.settings.memoryBytes + PROCESS_OVERHEAD_BYTES;
    this.poll = setInterval(() => {
      void residentBytes(pid).then((bytes) => {
        if (bytes !== null && bytes > limit && !this.exited) {
          this.memoryKilled = true;
          this.child.kill('SIGKILL');
        }
      });
    }, RSS_POLL_MS);
    this.poll.unref();
  }

  private stopPolling(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
  }
}
