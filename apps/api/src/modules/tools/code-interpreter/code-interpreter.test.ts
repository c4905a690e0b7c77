import { existsSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeRunner, type CodeInterpreterPool } from './index';
import { networkNamespaceAvailable } from './sandbox-process';

// One runner for the file: each run still gets a fresh interpreter process. The network
// namespace is off so the escape tests prove the layer every machine has (the realm's network
// doors closed), not the namespace some machines add.
// Long enough that the escape attempts (six of them, in one run) finish on a loaded 2-core machine.
const TIMEOUT_SECONDS = 10;
const MEMORY_MB = 128;
let runner: CodeInterpreterPool;
// A secret of the platform's environment that must not reach Python.
process.env.CODE_INTERPRETER_TEST_CANARY = 'canary-secret';

const text = (data: Uint8Array) => new TextDecoder().decode(data);
const bytes = (value: string) => new TextEncoder().encode(value);
/** Whether a process is gone within a second (a run's process is killed right after its result). */
async function goneSoon(pid: number | undefined): Promise<boolean> {
  for (let i = 0; i < 20 && existsSync(`/proc/${pid}`); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return !existsSync(`/proc/${pid}`);
}
const run = (code: string, files: Array<{ name: string; data: Uint8Array }> = [], signal = new AbortController().signal) => runner.run({ code, files, signal });

beforeAll(async () => {
  runner = createCodeRunner({
    timeoutSeconds: TIMEOUT_SECONDS,
    memoryMb: MEMORY_MB,
    maxOutputBytes: 64 * 1024,
    maxOutputFiles: 5,
    maxOutputFileBytes: 1024 * 1024,
    maxConcurrent: 2,
    warmSpares: 1,
    networkNamespace: 'off',
  });
  await runner.warm();
}, 60_000);

afterAll(async () => {
  await runner.close();
  expect(runner.pids()).toEqual([]);
  delete process.env.CODE_INTERPRETER_TEST_CANARY;
});

describe('code interpreter', () => {
  it('reads an attached CSV, prints a summary and returns the CSV it writes', async () => {
    const csv = 'region,amount\nSeoul,120\nBusan,80\nSeoul,100\nDaegu,60\n';
    const result = await run(
      `import csv, statistics
rows = list(csv.DictReader(open("sales.csv")))
amounts = [float(r["amount"]) for r in rows]
print(f"rows={len(rows)} total={sum(amounts):.0f} mean={statistics.mean(amounts):.1f}")
totals = {}
for r in rows:
    totals[r["region"]] = totals.get(r["region"], 0) + float(r["amount"])
with open("by_region.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["region", "total"])
    for region, total in sorted(totals.items()):
        w.writerow([region, int(total)])
`,
      [{ name: 'sales.csv', data: bytes(csv) }],
    );
    expect(result.error).toBeNull();
    expect(result.stdout).toContain('rows=4 total=360 mean=90.0');
    // The attachment came in unchanged, so only the new file goes back.
    expect(result.files.map((f) => [f.name, f.mediaType])).toEqual([['by_region.csv', 'text/csv']]);
    expect(text(result.files[0]!.data).replace(/\r/g, '')).toBe('region,total\nBusan,80\nDaegu,60\nSeoul,220\n');
  }, 30_000);

  it('returns a Python error as the traceback\'s last lines, and a changed attachment as a file', async () => {
    const result = await run('open("notes.txt", "a").write("more")\n1 / 0', [{ name: '../../notes.txt', data: bytes('some ') }]);
    expect(result.error).toMatch(/ZeroDivisionError: division by zero$/);
    expect(result.error).not.toContain('_pyodide');
    expect(result.files.map((f) => [f.name, text(f.data)])).toEqual([['notes.txt', 'some more']]);
  }, 30_000);

  describe('refuses escapes', () => {
    let server: Server;
    let hits = 0;
    let url = '';
    beforeAll(async () => {
      server = createServer((req, res) => {
        hits++;
        res.end('reached');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('gets no request through to a loopback server (js.fetch, pyodide.http, urllib, sockets, loadPackage)', async () => {
      const result = await run(`
import js, pyodide_js, socket, urllib.request
from pyodide.http import pyfetch
URL = ${JSON.stringify(url)}
async def attempt(label, fn):
    try:
        value = fn()
        if hasattr(value, "then") or hasattr(value, "__await__"):
            value = await value
        print(label, "REACHED", str(value)[:60])
    except BaseException as e:
        print(label, "refused", type(e).__name__)
await attempt("js.fetch", lambda: js.fetch(URL))
await attempt("constructor", lambda: pyodide_js.constructor.constructor("return fetch")()(URL))
await attempt("pyfetch", lambda: pyfetch(URL))
await attempt("urllib", lambda: urllib.request.urlopen(URL, timeout=2).read())
await attempt("socket", lambda: socket.create_connection(("127.0.0.1", ${new URL(url).port}), timeout=2))
async def load_package():
    await pyodide_js.loadPackage(URL + "x-1.0-py3-none-any.whl")
    if "x" not in pyodide_js.loadedPackages.object_keys():
        raise ImportError("not loaded")
    return "loaded"
await attempt("loadPackage", load_package)
`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hits).toBe(0);
      expect(result.error).toBeNull();
      expect(result.stdout).not.toContain('REACHED');
      expect(result.stdout.match(/refused/g)).toHaveLength(6);
    }, 60_000);

    it('cannot read the host\'s files, even through a Node file system mount', async () => {
      const result = await run(`
import os, pyodide_js
from pyodide.ffi import to_js
for label, fn in [
    ("open", lambda: open("/etc/passwd").read()),
    ("mount", lambda: (pyodide_js.FS.mkdirTree("/host"), pyodide_js.FS.mount(pyodide_js.FS.filesystems.NODEFS, to_js({"root": "/etc"}, dict_converter=pyodide_js.constructor.fromEntries), "/host"), open("/host/passwd").read())),
    ("env", lambda: [v for v in os.environ.values() if "canary" in v]),
]:
    try:
        value = fn()
        print(label, "READ" if value else "empty", str(value)[:40])
    except BaseException as e:
        print(label, "refused", type(e).__name__)
print(sorted(os.listdir("/")))
`);
      expect(result.error).toBeNull();
      expect(result.stdout).not.toContain('root:x:0:0');
      expect(result.stdout).not.toContain('READ');
      expect(result.stdout).toMatch(/open refused/);
      expect(result.stdout).toMatch(/mount refused/);
      expect(result.stdout).toMatch(/env empty/);
    }, 30_000);

    it('stops an endless loop at the time limit, and the next run works', async () => {
      await runner.warm();
      const started = Date.now();
      const result = await run('while True: pass');
      const elapsed = (Date.now() - started) / 1000;
      expect(result.error).toMatch(/^time limit/);
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_SECONDS - 0.1);
      expect(elapsed).toBeLessThan(TIMEOUT_SECONDS + 3);
      expect((await run('print(6 * 7)')).stdout).toBe('42\n');
    }, 60_000);

    it('ends memory bombs with a memory-limit error, and their process and its memory are gone', async () => {
      for (const code of ['b = bytearray(10**10)', 'b = bytearray(10**9)', 'l = []\nwhile True: l.append(bytearray(10**6))']) {
        await runner.warm();
        const [pid] = runner.pids();
        const result = await run(code);
        expect(result.error, code).toMatch(/^memory limit/);
        expect(pid).toBeDefined();
        expect(await goneSoon(pid), code).toBe(true);
      }
      expect((await run('print(len(bytearray(10**6)))')).stdout).toBe('1000000\n');
    }, 120_000);
  });

  it('caps stdout', async () => {
    const result = await run('print("x" * 1_000_000)');
    expect(result.error).toBeNull();
    expect(Buffer.byteLength(result.stdout)).toBeLessThan(64 * 1024 + 100);
    expect(result.stdout).toContain('[output truncated');
  }, 30_000);

  it('runs at most maxConcurrent at once; the others wait their turn', async () => {
    runner.peakRunning = 0;
    const busy = 'import time\nt = time.time()\nwhile time.time() - t < 0.8: pass\nprint("done")';
    const results = await Promise.all([1, 2, 3].map(() => run(busy)));
    expect(results.map((r) => r.stdout)).toEqual(['done\n', 'done\n', 'done\n']);
    expect(runner.peakRunning).toBe(2);
  }, 120_000);

  it('an abort kills the run within a second and rejects', async () => {
    await runner.warm();
    const [pid] = runner.pids();
    const controller = new AbortController();
    const running = run('while True: pass', [], controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const abortedAt = Date.now();
    controller.abort();
    await expect(running).rejects.toThrow(/abort/i);
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(existsSync(`/proc/${pid}`)).toBe(false);
  }, 30_000);

  it.skipIf(!networkNamespaceAvailable())('where the machine allows it, puts each interpreter in its own network namespace; a wheels folder without the package fails the import offline', async () => {
    const wheelsDir = mkdtempSync(join(tmpdir(), 'wheels-'));
    const isolated = createCodeRunner({ timeoutSeconds: 10, memoryMb: MEMORY_MB, maxOutputBytes: 4096, maxOutputFiles: 1, maxOutputFileBytes: 1024, maxConcurrent: 1, warmSpares: 1, wheelsDir, networkNamespace: 'auto' });
    try {
      await isolated.warm();
      const [pid] = isolated.pids();
      expect(readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(readlinkSync('/proc/self/ns/net'));
      const result = await isolated.run({ code: 'import statistics\nprint(statistics.mean([1, 2, 3]))\nimport numpy', files: [], signal: new AbortController().signal });
      expect(result.stdout).toBe('2\n');
      expect(result.error).toMatch(/ModuleNotFoundError: No module named 'numpy'/);
      expect(result.stderr).toContain('numpy');
    } finally {
      await isolated.close();
      rmSync(wheelsDir, { recursive: true });
    }
  }, 120_000);
});
