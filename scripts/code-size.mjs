// Reports the house's size limits (issue 40 item 5): non-test source files over 400 lines and
// functions over 150 lines, in apps/api, apps/web and packages/contracts. Exit 1 when any.
// `node scripts/code-size.mjs [--max-file N] [--max-function N]`
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const arg = (name, d) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const MAX_FILE = arg('--max-file', 400);
const MAX_FUNCTION = arg('--max-function', 150);
const roots = ['apps/api/src', 'apps/web/src', 'packages/contracts/src'];
const skip = (p) => /\.test\.tsx?$|[\\/](__fixtures__|test)[\\/]|\.gen\.ts$/.test(p);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(p);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') && !skip(p) ? [p] : [];
  });
}

const problems = [];
for (const root of roots) {
  for (const f of files(root)) {
    const text = readFileSync(f, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE) problems.push(`${f}: ${lines} lines (file limit ${MAX_FILE})`);
    const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true, f.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && node.body) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const end = sf.getLineAndCharacterOfPosition(node.end).line;
        const n = end - start + 1;
        if (n > MAX_FUNCTION) {
          const name = node.name?.getText(sf) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(sf) : ts.isPropertyAssignment(node.parent) ? node.parent.name.getText(sf) : '(anonymous)');
          problems.push(`${f}:${start + 1}: function ${name} is ${n} lines (function limit ${MAX_FUNCTION})`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
}
for (const p of problems) console.log(p);
console.log(`${problems.length} over the limits (files ≤ ${MAX_FILE} lines, functions ≤ ${MAX_FUNCTION})`);
process.exit(problems.length ? 1 : 0);
