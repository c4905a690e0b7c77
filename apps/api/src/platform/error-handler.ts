import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue, isErrorCode, type ErrorCode } from '@app/contracts/errors';
import { AppError } from './errors';

const REPORT_LIMIT = 2900;

/**
 * A schema's own code: a refinement's message naming a code of the route's status for malformed
 * payloads (e.g. `announcement_title_required` 422, `email_invalid` 400), else the generic one.
 */
function codeFromIssues(messages: string[], status: 400 | 422): ErrorCode {
  return messages.find((m): m is ErrorCode => isErrorCode(m) && errorCatalogue[m].status === status) ?? (status === 400 ? 'bad_request' : 'validation_error');
}

/** Fastify's own 4xx errors (unreadable JSON, body too large, wrong content type, …). */
const codeOfFrameworkStatus: Partial<Record<number, ErrorCode>> = { 413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'rate_limited' };

const send = (reply: FastifyReply, code: ErrorCode, message: string = errorCatalogue[code].message, details?: unknown) =>
  reply.status(errorCatalogue[code].status).send({ error: { code, message, details } });

/** One mapper from anything thrown to `{ error: { code, message, details? } }`. */
export function registerErrorHandler(app: FastifyInstance, opts: { spa: boolean }) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return send(reply, err.code, err.message, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      // Sign-in answers a malformed payload with 400 (spec §8), every other route with 422.
      const code = codeFromIssues(err.validation.map((v) => v.message ?? ''), req.routeOptions.config.malformedIsBadRequest ? 400 : 422);
      return send(reply, code, errorCatalogue.validation_error.message, details);
    }
    if (!isResponseSerializationError(err) && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, codeOfFrameworkStatus[err.statusCode] ?? 'bad_request', err.message);
    }
    // Server error: a structured report with the request id, never the internals in the reply.
    req.log.error({ reqId: req.id, report: String(err.stack ?? err.message).slice(0, REPORT_LIMIT) }, 'server error');
    return send(reply, 'internal_error', `${errorCatalogue.internal_error.message} (request ${req.id})`);
  });
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes of the web app all answer its index page.
    if (opts.spa && req.method === 'GET' && !req.url.startsWith('/api')) return reply.sendFile('index.html');
    send(reply, 'not_found', `No route ${req.method} ${req.url.split('?')[0]}`);
  });
}
