import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from './errors';

/** One file of a multipart upload, as it arrives (never buffered whole). */
export interface IncomingFile {
  filename: string;
  stream: Readable;
}

/** The files of a multipart request as streams, in order; a busboy limit becomes the catalogue's error. */
export async function* incomingFiles(req: FastifyRequest, maxBytes: number, maxFiles: number): AsyncGenerator<IncomingFile> {
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
  }
}

