// One sandboxed Python interpreter (decision 051). The pool (sandbox-pool.ts) starts this file in
// its own Node process under the permission model (reads only Pyodide's package and the wheels
// folder; no writes, child processes, workers, addons, WASI or inspector), without code
// generation from strings and with an empty environment. Plain JavaScript, as the parser's
// worker: it starts without the TypeScript loader. Every process runs ONE piece of code and
// exits, so nothing one run leaves behind (globals, files, a grown heap) reaches the next.
//
// Python reaches JavaScript through `import js`, `pyodide_js` and every JsProxy's constructor, so
// before Pyodide loads, the realm loses what the permission model does not cover: network (TCP,
// UDP, DNS, fetch, WebSocket), signals to other processes, and a WebAssembly heap past the limit.
import dgram from 'node:dgram';
import dns from 'node:dns';
import { constants as fsConstants } from 'node:fs';
import net from 'node:net';
import { pathToFileURL } from 'node:url';

const config = JSON.parse(process.argv[2]);
const send = process.send.bind(process);
const WORK = '/work';

/** Replaces a property for good: user code that reaches the object cannot put the original back. */
function lock(target, key, value) {
  Object.defineProperty(target, key, { value, writable: false, configurable: false, enumerable: false });
}

function refused(what) {
  return function refusedCall() {
    const error = new Error(`network access is disabled in the code interpreter (${what})`);
    error.code = 'EACCES';
    throw error;
  };
}

/** Every socket (TCP, TLS, HTTP, fetch's undici, pipes) connects through net.Socket#connect; UDP and DNS have their own doors. */
function closeNetwork() {
  lock(net.Socket.prototype, 'connect', refused('socket connect'));
  lock(net.Server.prototype, 'listen', refused('listen'));
  for (const key of ['bind', 'send', 'connect']) lock(dgram.Socket.prototype, key, refused(`udp ${key}`));
  const dnsCalls = ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCaa', 'resolveCname', 'resolveMx', 'resolveNaptr', 'resolveNs', 'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTlsa', 'resolveTxt', 'reverse'];
  for (const target of [dns, dns.promises, dns.Resolver.prototype, dns.promises.Resolver.prototype]) {
    for (const key of dnsCalls) if (key in target) lock(target, key, refused(`dns ${key}`));
  }
  for (const key of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest']) {
    if (key in globalThis) lock(globalThis, key, undefined);
  }
}

/**
 * The interpreter's own process may only exit: it may not signal the platform (`kill`, `_kill`, or
 * `_debugProcess`, which would open another process' inspector), replace itself, load native code
 * or builtin modules (`vm` compiles source past the code-generation flag), or change its identity.
 */
function closeProcess() {
  const doors = ['kill', '_kill', '_debugProcess', '_debugEnd', 'execve', 'send', '_linkedBinding', 'dlopen', 'binding', 'getBuiltinModule', 'loadEnvFile'];
  for (const key of [...doors, 'setuid', 'setgid', 'seteuid', 'setegid', 'setgroups', 'initgroups']) {
    if (key in process) lock(process, key, () => { throw new Error(`process.${key} is disabled in the code interpreter`); });
  }
}

/**
 * Pyodide's heap is the module's own WebAssembly memory; Emscripten grows it through
 * `Memory#grow` and turns a refusal into a failed malloc, which Python raises as MemoryError.
 * The refusal is remembered so the result says "memory limit" whatever the code caught.
 */
let heapRefused = false;
function capHeap(maxBytes) {
  const grow = WebAssembly.Memory.prototype.grow;
  lock(WebAssembly.Memory.prototype, 'grow', function cappedGrow(pages) {
    if (this.buffer.byteLength + pages * 65536 > maxBytes) {
      heapRefused = true;
      throw new RangeError('code interpreter memory limit');
    }
    return grow.call(this, pages);
  });
}

/** Collects a stream's bytes up to the cap; the rest is counted, not kept. */
function capturedStream(maxBytes) {
  const chunks = [];
  let kept = 0;
  let dropped = 0;
  return {
    write(buffer) {
      const room = Math.max(0, maxBytes - kept);
      if (room > 0) {
        const part = buffer.subarray(0, room);
        chunks.push(part.slice());
        kept += part.length;
      }
      dropped += buffer.length - Math.min(room, buffer.length);
      return buffer.length;
    },
    text() {
      const text = new TextDecoder().decode(Buffer.concat(chunks));
      return dropped > 0 ? `${text}\n[output truncated: ${dropped} more bytes]` : text;
    },
  };
}

async function loadInterpreter() {
  // Pyodide's Node file system reads fs constants through process.binding, which the permission
  // model denies; it gets those constants and nothing else, then the door closes for good.
  const denied = process.binding;
  process.binding = (name) => {
    if (name === 'constants') return { fs: fsConstants };
    return denied(name);
  };
  const { loadPyodide } = await import(pathToFileURL(`${config.pyodideDir}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({
    indexURL: `${config.pyodideDir}/`,
    // `import js` is this empty object, not the process' globals.
    jsglobals: Object.create(null),
    ...(config.wheelsDir ? { packageBaseUrl: `${config.wheelsDir}/` } : {}),
    env: { HOME: '/home/pyodide' },
    stdin: () => null,
  });
  process.binding = denied;
  pyodide.runPython('import csv, io, json, math, os, re, statistics, collections, datetime');
  return pyodide;
}

/** The last lines of a Python traceback, without Pyodide's own frames. */
function tracebackTail(error) {
  const text = String(error?.message ?? error);
  const lines = text.split('\n');
  const kept = [];
  for (let i = 0; i < lines.length; i++) {
    if (/^\s+File "\/lib\/python[^"]*\/_pyodide\//.test(lines[i])) {
      while (i + 1 < lines.length && /^\s{4,}/.test(lines[i + 1])) i++;
      continue;
    }
    kept.push(lines[i]);
  }
  const tail = kept.filter((line) => line.trim() !== '').slice(-12).join('\n');
  return tail.length > 2000 ? tail.slice(-2000) : tail;
}

function listFiles(FS, dir, prefix = '') {
  const found = [];
  for (const name of FS.readdir(dir)) {
    if (name === '.' || name === '..') continue;
    const path = `${dir}/${name}`;
    const mode = FS.stat(path).mode;
    if (FS.isDir(mode)) found.push(...listFiles(FS, path, `${prefix}${name}/`));
    else if (FS.isFile(mode)) found.push({ name: `${prefix}${name}`, path });
  }
  return found;
}

function sameBytes(a, b) {
  return a !== undefined && a.length === b.length && Buffer.compare(a, b) === 0;
}

async function run(pyodide, { code, files }) {
  const stdout = capturedStream(config.maxOutputBytes);
  const stderr = capturedStream(config.maxOutputBytes);
  pyodide.setStdout(stdout);
  pyodide.setStderr(stderr);
  const { FS } = pyodide;
  FS.mkdirTree(WORK);
  const before = new Map();
  for (const file of files) {
    FS.writeFile(`${WORK}/${file.name}`, file.data);
    before.set(file.name, file.data);
  }
  pyodide.runPython(`import os; os.chdir(${JSON.stringify(WORK)})`);
  let error = null;
  try {
    // The loader's progress is not the code's output; its failures go to stderr, the import then fails in Python.
    const loaderError = (message) => stderr.write(new TextEncoder().encode(`${message}\n`));
    if (config.wheelsDir) await pyodide.loadPackagesFromImports(code, { messageCallback: () => undefined, errorCallback: loaderError });
    await pyodide.runPythonAsync(code, { filename: '<code>' });
  } catch (caught) {
    error = tracebackTail(caught);
  }
  const returned = [];
  const notes = [];
  for (const file of listFiles(FS, WORK)) {
    const data = FS.readFile(file.path);
    if (sameBytes(before.get(file.name), data)) continue;
    if (returned.length >= config.maxFiles) notes.push(`${file.name}: not returned, over the limit of ${config.maxFiles} files`);
    else if (data.length > config.maxFileBytes) notes.push(`${file.name}: not returned, ${data.length} bytes is over the limit of ${config.maxFileBytes}`);
    else returned.push({ name: file.name, data });
  }
  const stderrText = [stderr.text(), ...notes].filter(Boolean).join('\n');
  return { stdout: stdout.text(), stderr: stderrText, files: returned, error, memoryLimit: heapRefused };
}

closeNetwork();
capHeap(config.memoryBytes);
const pyodide = await loadInterpreter();
closeProcess();
// The process does not exit on its own after the answer: the pool kills it once the answer is in,
// so the answer never races the exit.
process.on('message', (message) => {
  if (message?.type !== 'run') return;
  run(pyodide, message)
    .then((result) => send({ type: 'result', ...result }))
    .catch((caught) => send({ type: 'result', stdout: '', stderr: '', files: [], error: String(caught?.message ?? caught), memoryLimit: heapRefused }));
});
send({ type: 'ready' });
