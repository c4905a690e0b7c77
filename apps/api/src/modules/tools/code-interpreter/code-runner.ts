import { networkNamespaceAvailable, SandboxProcess, type ChildResult, type SandboxEnd, type SandboxSettings } from './sandbox-process';
import type { CodeInterpreterConfig } from '../../../config';

export interface CodeRunResult {
  stdout: string;
  stderr: string;
  files: Array<{ name: string; mediaType: string; data: Uint8Array }>;
  /** The Python traceback's last lines, or a "time limit" / "memory limit" sentence; null when the code ran to its end. */
  error: string | null;
}

export interface CodeRunner {
  /** Runs one piece of code in a fresh interpreter; only an abort rejects (with the signal's reason). */
  run(input: { code: string; files: Array<{ name: string; data: Uint8Array }>; signal: AbortSignal }): Promise<CodeRunResult>;
  /** Kills every interpreter, running or spare; later runs reject. */
  close(): Promise<void>;
}

/**
 * The code interpreter's limits: the configuration's (`CODE_INTERPRETER_*`, decision 051, documented
 * on `CodeInterpreterConfig`); the wheels folder, warm spares and network namespace may be left out.
 */
export type CodeRunnerOptions = Omit<CodeInterpreterConfig, 'wheelsDir' | 'warmSpares' | 'networkNamespace'> &
  Partial<Pick<CodeInterpreterConfig, 'wheelsDir' | 'warmSpares' | 'networkNamespace'>>;

/** What the model reads about the tool: what runs, what is there, and what is not. */
export const CODE_INTERPRETER_DESCRIPTION =
  'Runs Python 3 code in an isolated sandbox (Pyodide) and returns its printed output and the files it writes. ' +
  'The files attached to the message are in the current working folder (/work) under their names; every file the code ' +
  'creates or changes there is returned to the user as a downloadable attachment (for example a CSV written with the csv module). ' +
  'Only the Python standard library is available (csv, json, statistics, math, re, datetime, collections, io, zipfile, sqlite3…); ' +
  'numpy, pandas and matplotlib are NOT installed and cannot be installed, so use the standard library ' +
  '(a chart can be written as an SVG file by hand). There is no network access and no access outside the working folder. ' +
  'Each run starts from a fresh interpreter (nothing is kept between runs), is limited in time and memory, and its output is truncated if too long. ' +
  'Print what the user should see.';

const MEDIA_TYPES: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  html: 'text/html',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  sqlite: 'application/vnd.sqlite3',
  db: 'application/vnd.sqlite3',
};

/** The media type a returned file is offered with, by its extension. */
export function mediaTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot >= 0 && MEDIA_TYPES[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

/** An attachment's name as a plain file of the working folder: no folders, no hidden or empty names, no duplicates. */
export function inWorkingFolder<T extends { name: string }>(files: T[]): T[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const base = (file.name.split(/[/\\]/).pop() ?? '').replace(/\p{Cc}/gu, '').replace(/^\.+/, '').trim().slice(0, 120) || 'file';
    let name = base;
    for (let n = 2; taken.has(name); n++) {
      const dot = base.lastIndexOf('.');
      name = dot > 0 ? `${base.slice(0, dot)} (${n})${base.slice(dot)}` : `${base} (${n})`;
    }
    taken.add(name);
    return { ...file, name };
  });
}

/** How long a run waits for its interpreter to load before it gives up (Pyodide loads in 2–5 s on a busy machine). */
const START_LIMIT_MS = 60_000;

function capText(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= maxBytes ? text : `${bytes.subarray(0, maxBytes).toString('utf8')}\n[output truncated]`;
}

/**
 * A pool of one-run interpreter processes (decision 051): at most `maxConcurrent` run at once, and
 * `warmSpares` more are kept loaded so a run starts warm. Each run takes a spare (or starts one),
 * is watched for its time and memory limits and for an abort, and ends with its process killed.
 */
export class CodeInterpreterPool implements CodeRunner {
  private readonly options: Required<Omit<CodeRunnerOptions, 'wheelsDir' | 'networkNamespace'>>;
  private readonly settings: SandboxSettings;
  private readonly spares: SandboxProcess[] = [];
  private readonly live = new Set<SandboxProcess>();
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private closed = false;
  /** The most runs seen at once (tests check the cap). */
  peakRunning = 0;

  constructor(options: CodeRunnerOptions) {
    this.options = {
      timeoutSeconds: options.timeoutSeconds,
      memoryMb: options.memoryMb,
      maxOutputBytes: options.maxOutputBytes,
      maxOutputFiles: options.maxOutputFiles,
      maxOutputFileBytes: options.maxOutputFileBytes,
      maxConcurrent: options.maxConcurrent,
      warmSpares: options.warmSpares ?? 1,
    };
    this.settings = {
      memoryBytes: options.memoryMb * 1024 * 1024,
      maxOutputBytes: options.maxOutputBytes,
      maxFiles: options.maxOutputFiles,
      maxFileBytes: options.maxOutputFileBytes,
      wheelsDir: options.wheelsDir ?? null,
      networkNamespace: (options.networkNamespace ?? 'auto') === 'auto' && networkNamespaceAvailable(),
    };
    this.refillSpares();
  }

  /** Process ids of the interpreters alive now, spares included. */
  pids(): number[] {
    return [...this.live].flatMap((sandbox) => (sandbox.pid === undefined ? [] : [sandbox.pid]));
  }

  /** Resolves once the spares are loaded (a benchmark's warm start waits for this). */
  async warm(): Promise<void> {
    await Promise.allSettled(this.spares.map((spare) => spare.ready));
  }

  async run(input: { code: string; files: Array<{ name: string; data: Uint8Array }>; signal: AbortSignal }): Promise<CodeRunResult> {
    const { signal } = input;
    signal.throwIfAborted();
    if (this.closed) throw new Error('the code interpreter is closed');
    await this.takeSlot(signal);
    const sandbox = this.spares.shift() ?? this.spawn();
    this.refillSpares();
    // The slot is held until the process is gone, so at most maxConcurrent heaps exist at once;
    // a result does not wait for that, an abort does (its rejection means the code is dead).
    const done = () => sandbox.kill().finally(() => this.releaseSlot());
    let result: CodeRunResult;
    try {
      result = await this.runIn(sandbox, input);
    } catch (error) {
      await done();
      throw error;
    }
    void done();
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.spares.length = 0;
    for (const wake of this.waiting.splice(0)) wake();
    await Promise.all([...this.live].map((sandbox) => sandbox.kill()));
  }

  private async runIn(sandbox: SandboxProcess, input: { code: string; files: Array<{ name: string; data: Uint8Array }>; signal: AbortSignal }): Promise<CodeRunResult> {
    const { signal } = input;
    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      void sandbox.ended.then(() => signal.removeEventListener('abort', onAbort));
    });
    aborted.catch(() => undefined);
    const stopped = sandbox.ended.then((end) => ({ kind: 'ended' as const, end }));
    let startTimer: NodeJS.Timeout | undefined;
    const slow = new Promise<{ kind: 'slow' }>((resolve) => {
      startTimer = setTimeout(() => resolve({ kind: 'slow' }), START_LIMIT_MS);
    });
    const loaded = sandbox.ready.then(() => ({ kind: 'ready' as const }), (error: Error) => ({ kind: 'failed' as const, error }));
    const started = await Promise.race([loaded, aborted, slow]).finally(() => clearTimeout(startTimer));
    if (started.kind === 'failed') return this.failure(started.error.message);
    if (started.kind === 'slow') return this.failure(`the interpreter did not start within ${START_LIMIT_MS / 1000} s`);
    const files = inWorkingFolder(input.files).map(({ name, data }) => ({ name, data }));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<{ kind: 'timeout' }>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'timeout' }), this.options.timeoutSeconds * 1000);
    });
    try {
      const answered = sandbox.start(input.code, files).then((result) => ({ kind: 'result' as const, result }));
      const outcome = await Promise.race([answered, stopped, timedOut, aborted]);
      if (outcome.kind === 'result') return this.fromChild(outcome.result);
      if (outcome.kind === 'timeout') return this.failure(`time limit: the code ran longer than ${this.options.timeoutSeconds} s and was stopped`);
      return this.failure(this.endText(outcome.end));
    } finally {
      clearTimeout(timer);
    }
  }

  private fromChild(result: ChildResult): CodeRunResult {
    const max = this.options.maxOutputBytes;
    // The child's answer is checked like any input: code that reached its IPC channel could shape it.
    const files = (Array.isArray(result.files) ? result.files : [])
      .filter((file) => typeof file?.name === 'string' && file.data instanceof Uint8Array && file.data.length <= this.options.maxOutputFileBytes)
      .slice(0, this.options.maxOutputFiles);
    return {
      stdout: capText(String(result.stdout ?? ''), max),
      stderr: capText(String(result.stderr ?? ''), max),
      files: files.map((file) => ({ name: file.name, mediaType: mediaTypeOf(file.name), data: new Uint8Array(file.data) })),
      error: this.errorText(result),
    };
  }

  /**
   * A heap refusal is a memory limit even when the code caught the MemoryError; a request bigger
   * than a 32-bit interpreter can address (`bytearray(10**10)`) fails before the heap is asked.
   */
  private errorText(result: ChildResult): string | null {
    const error = result.error === null || result.error === undefined ? null : String(result.error);
    const lastLine = error?.trim().split('\n').pop() ?? '';
    const tooBig = lastLine.startsWith('MemoryError') || lastLine.includes("cannot fit 'int' into an index-sized integer");
    if (result.memoryLimit || tooBig) {
      const limit = `memory limit: the code needed more than the ${this.options.memoryMb} MB it may use`;
      return error ? `${limit}\n${error}` : limit;
    }
    return error;
  }

  private endText(end: SandboxEnd): string {
    if (end.kind === 'memory') return `memory limit: the interpreter's process grew past its limit (${this.options.memoryMb} MB for Python) and was stopped`;
    return `the interpreter stopped unexpectedly (${end.signal ?? `exit code ${end.code}`})`;
  }

  private failure(error: string): CodeRunResult {
    return { stdout: '', stderr: '', files: [], error };
  }

  private spawn(): SandboxProcess {
    const sandbox = new SandboxProcess(this.settings);
    this.live.add(sandbox);
    void sandbox.ended.then(() => {
      this.live.delete(sandbox);
      const spare = this.spares.indexOf(sandbox);
      if (spare >= 0) this.spares.splice(spare, 1);
    });
    return sandbox;
  }

  private refillSpares(): void {
    while (!this.closed && this.spares.length < this.options.warmSpares) this.spares.push(this.spawn());
  }

  private async takeSlot(signal: AbortSignal): Promise<void> {
    while (this.running >= this.options.maxConcurrent) {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          const at = this.waiting.indexOf(wake);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal.reason);
        };
        this.waiting.push(wake);
        signal.addEventListener('abort', onAbort, { once: true });
      });
      if (this.closed) throw new Error('the code interpreter is closed');
    }
    this.running++;
    this.peakRunning = Math.max(this.peakRunning, this.running);
  }

  private releaseSlot(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}

export function createCodeRunner(options: CodeRunnerOptions): CodeInterpreterPool {
  return new CodeInterpreterPool(options);
}
