// The code interpreter (decision 051): Python in Pyodide, one sandboxed process per run. The tool
// adapter (the agent loop) uses only what is exported here.
export { CODE_INTERPRETER_DESCRIPTION, createCodeRunner, mediaTypeOf, type CodeInterpreterPool, type CodeRunner, type CodeRunnerOptions, type CodeRunResult } from './code-runner';
