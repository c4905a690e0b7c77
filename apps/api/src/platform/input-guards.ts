import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Deeper than any contract goes; past it a schema or a serializer could run out of stack. */
export const MAX_INPUT_DEPTH = 32;

/** A NUL (PostgreSQL refuses it in text and jsonb) or a lone surrogate (no valid UTF-8 for it). */
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const UNSTORABLE = /\u0000|\p{Cs}/u;

interface Problem {
  path: string;
  message: string;
}

const isContainer = (v: unknown): v is Record<string, unknown> => {
  if (!v || typeof v !== 'object') return false;
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** The first string (value or key) that cannot be stored, or a nesting too deep; walked without recursion. */
export function findUnstorable(root: unknown, rootPath: string): Problem | null {
  const stack: [unknown, string, number][] = [[root, rootPath, 0]];
  while (stack.length) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return { path, message: value.includes('\u0000') ? 'Contains a NUL byte' : 'Contains invalid Unicode (a lone surrogate)' };
    } else if (isContainer(value)) {
      if (depth >= MAX_INPUT_DEPTH) return { path, message: `Nested deeper than ${MAX_INPUT_DEPTH} levels` };
      for (const key of Object.keys(value)) {
        if (UNSTORABLE.test(key)) return { path, message: 'A key contains a NUL byte or invalid Unicode' };
        stack.push([value[key], `${path}/${key}`, depth + 1]);
      }
    }
  }
  return null;
}

/**
 * Guards on raw input that no route schema sees (NUL bytes, lone surrogates, absurd nesting in
 * path parameters, query or body): each answers a 4xx in the error shape instead of reaching a
 * query. Over-long path parameters and unreadable URLs are refused by the router, mapped in
 * error-handler.ts (`frameworkErrors`).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const problem = findUnstorable(req.params, '/params') ?? findUnstorable(req.query, '/query') ?? findUnstorable(req.body, '/body');
    if (!problem) return;
    // Same status as a schema failure on this route: 400 where the spec asks it (sign-in), else 422.
    const code = req.routeOptions.config.malformedIsBadRequest ? 'bad_request' : 'validation_error';
    throw new AppError(code, undefined, [problem]);
  });
}
