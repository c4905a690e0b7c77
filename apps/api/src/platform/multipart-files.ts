import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from './errors';

/** One file of a multipart upload, as it arrives (never buffered whole). */
export interface IncomingFile {
  filename: string;
  stream: Readable;
}

/**
 * The rest of an upload refused before its end (a file past the size limit, a bomb): read and
 * dropped, so a client still sending reads the answer instead of a stalled or reset connection
 * (chunked uploads have no length to refuse up front). Past the route's body limit nothing more
 * is read: the connection is closed once the answer has gone.
 */
function discardRest(req: FastifyRequest, reply: FastifyReply) {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return;
  const limit = req.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
  let read = 0;
  const close = () => raw.socket?.destroy();
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read <= limit) return;
    raw.pause();
    raw.removeAllListeners('data');
    if (reply.raw.writableFinished) close();
    else reply.raw.once('finish', close);
  });
  raw.resume();
}

/** The files of a multipart request as streams, in order; a busboy limit becomes the catalogue's error. */
export async function* incomingFiles(req: FastifyRequest, reply: FastifyReply, maxBytes: number, maxFiles: number): AsyncGenerator<IncomingFile> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the files as multipart/form-data');
  try {
    // One more byte than the limit: the service's own count says 413 with the limit in MB.
    for await (const part of req.files({ limits: { fileSize: maxBytes + 1, files: maxFiles + 1 }, throwFileSizeLimit: false })) {
      yield { filename: part.filename, stream: part.file };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('too_many_files', undefined, { max: maxFiles });
    throw new AppError('bad_request', 'The upload could not be read');
  } finally {
    // Ended early (the consumer refused a file, or a limit): the rest of the body is not parsed.
    discardRest(req, reply);
  }
}
