// The code interpreter (decision 051): Python in Pyodide, one sandboxed process per run. The tool
// adapter (the agent loop) uses only what is exported here.
export { CODE_INTERPRETER_DESCRIPTION, createCodeRunner, mediaTypeOf, type CodeInterpreterPool, type CodeRunner, type CodeRunnerOptions, type CodeRunResult } from './code-runner';

import { type CodeRunner, type CodeRunnerOptions, createCodeRunner, type CodeInterpreterPool } from './code-runner';

/**
 * The platform's runner: the pool (and its warm spare, about 160 MB) starts at the first run, so a
 * platform whose chatbots never run code holds no interpreter. `close` ends it if it started.
 */
export function lazyCodeRunner(options: CodeRunnerOptions): CodeRunner {
  let pool: CodeInterpreterPool | null = null;
  return {
    run: (input) => (pool ??= createCodeRunner(options)).run(input),
    close: async () => {
      await pool?.close();
    },
  };
}
