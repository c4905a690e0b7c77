import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCodes, type ErrorCode } from '@app/contracts/errors';
import { AppError } from './errors';

const REPORT_LIMIT = 2900;

function codeFromIssues(messages: string[]): ErrorCode {
  const known = messages.find((m): m is ErrorCode => (errorCodes as readonly string[]).includes(m));
  return known ?? 'validation_error';
}

/** One mapper from anything thrown to `{ error: { code, message, details? } }`. */
export function registerErrorHandler(app: FastifyInstance, opts: { spa: boolean }) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const status = req.routeOptions.config.validationStatus ?? 422;
      const details = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      const code = codeFromIssues(err.validation.map((v) => v.message ?? ''));
      return reply.status(status).send({ error: { code, message: 'Data format issue; check your input', details } });
    }
    if (!isResponseSerializationError(err) && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code: ErrorCode = err.statusCode === 413 ? 'input_too_long' : err.statusCode === 429 ? 'rate_limited' : 'bad_request';
      return reply.status(err.statusCode).send({ error: { code, message: err.message } });
    }
    // Server error: a structured report with the request id, never the internals in the reply.
    req.log.error({ reqId: req.id, report: String(err.stack ?? err.message).slice(0, REPORT_LIMIT) }, 'server error');
    return reply.status(500).send({ error: { code: 'internal_error', message: `Server error; try again later (request ${req.id})` } });
  });
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes of the web app all answer its index page.
    if (opts.spa && req.method === 'GET' && !req.url.startsWith('/api')) return reply.sendFile('index.html');
    reply.status(404).send({ error: { code: 'not_found', message: `No route ${req.method} ${req.url.split('?')[0]}` } });
  });
}
