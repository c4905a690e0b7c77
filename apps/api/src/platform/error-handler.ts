import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue, isErrorCode, type ErrorCode } from '@app/contracts/errors';
import { errorText, REPORT_TEXT_LIMIT, type ErrorReporter } from './error-report';
import { AppError } from './errors';

/**
 * A schema's own code: a refinement's message naming a code of the route's status for malformed
 * payloads (e.g. `announcement_title_required` 422, `email_invalid` 400), else the generic one.
 */
function codeFromIssues(messages: string[], status: 400 | 422): ErrorCode {
  return messages.find((m): m is ErrorCode => isErrorCode(m) && errorCatalogue[m].status === status) ?? (status === 400 ? 'bad_request' : 'validation_error');
}

/** Fastify's own 4xx errors (unreadable JSON, body too large, wrong content type, …). */
const codeOfFrameworkStatus: Partial<Record<number, ErrorCode>> = { 413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'rate_limited' };

/**
 * PostgreSQL's data exceptions that only a value from the request can cause: an integer out of its
 * column's range (an id past 2^31), text that is not a number, a NUL or invalid byte, a string too
 * long for its column. A last net under the contracts and the input guards: a 422, not a 500.
 */
const INPUT_SQLSTATES = new Set(['22003', '22P02', '22021', '22P05', '22001']);

function sqlStateOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const send = (reply: FastifyReply, code: ErrorCode, message: string = errorCatalogue[code].message, details?: unknown) =>
  reply.status(errorCatalogue[code].status).send({ error: { code, message, details } });

/** One mapper from anything thrown to `{ error: { code, message, details? } }`. */
export function registerErrorHandler(app: FastifyInstance, opts: { spa: boolean; reporter?: ErrorReporter }) {
  /** Every response ≥ 500 is reported (spec §7 last paragraph): request id, method, route, status and the error's text. */
  const report = (req: FastifyRequest, status: number, err: unknown) => {
    if (!opts.reporter) return req.log.error({ reqId: req.id, report: errorText(err).slice(0, REPORT_TEXT_LIMIT) }, 'server error');
    opts.reporter.report({
      source: 'server',
      request_id: req.id,
      method: req.method,
      route: req.routeOptions.url ?? req.url.split('?')[0],
      status,
      tenant: req.tenant?.subdomain ?? null,
      member_id: req.member?.id ?? null,
      text: errorText(err),
    });
  };
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) report(req, err.status, err);
      // Every 429 says when to come back, in the header as in the body.
      const retry = (err.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
      if (err.status === 429 && typeof retry === 'number' && !reply.hasHeader('retry-after')) void reply.header('retry-after', String(retry));
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
    const sqlState = sqlStateOf(err);
    if (sqlState && INPUT_SQLSTATES.has(sqlState)) {
      req.log.warn({ reqId: req.id, sqlState }, 'input refused by the database');
      return send(reply, req.routeOptions.config.malformedIsBadRequest ? 'bad_request' : 'validation_error');
    }
    // Server error: a structured report with the request id, never the internals in the reply.
    report(req, errorCatalogue.internal_error.status, err);
    return send(reply, 'internal_error', `${errorCatalogue.internal_error.message} (request ${req.id})`);
  });
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes of the web app all answer its index page.
    if (opts.spa && req.method === 'GET' && !req.url.startsWith('/api')) return reply.sendFile('index.html');
    send(reply, 'not_found', `No route ${req.method} ${req.url.split('?')[0]}`);
  });
}

/**
 * Fastify's `frameworkErrors` option (app.ts): errors the router raises before any route, hook or
 * error handler runs. A URL that does not decode is a 400; a path parameter past the router's
 * `maxParamLength` (longer than any id or hash) fails like any other too-long parameter, 422.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // The developer API's clients read OpenAI's error shape (its routes' hooks have not run yet).
  if (req.url.startsWith('/v1/') && (err.code === 'FST_ERR_MAX_PARAM_LENGTH' || err.code === 'FST_ERR_BAD_URL')) {
    const message = err.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid (it does not decode)' : 'A path parameter is too long';
    return reply.status(400).send({ error: { message, type: 'invalid_request_error', param: null, code: 'bad_request' } });
  }
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 'validation_error', 'A path parameter is too long');
  if (err.code === 'FST_ERR_BAD_URL') return send(reply, 'bad_request', 'The URL is not valid (it does not decode)');
  // FST_ERR_ASYNC_CONSTRAINT: a constraint strategy failed, the server's fault.
  return send(reply, 'internal_error');
}

/**
 * Fastify's `clientErrorHandler` option (app.ts): requests Node's HTTP parser refuses before
 * Fastify sees them. A URL or headers past Node's 16 KB limit are a 413 (the catalogue has no
 * 431), anything else unreadable (a malformed request line, a client too slow to send) a 400,
 * written straight to the socket in the error shape.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const code: ErrorCode = tooLarge ? 'payload_too_large' : 'bad_request';
  const status = errorCatalogue[code].status;
  const body = JSON.stringify({ error: { code, message: tooLarge ? 'The URL or the headers are too large' : errorCatalogue[code].message } });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}
