import type { ErrorCode } from '@app/contracts/errors';

/** The one error type services throw; the error handler turns it into `{ error }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'The data does not exist') => new AppError('not_found', 404, what);
export const forbidden = (message = 'Access permission required; contact the administrator') =>
  new AppError('forbidden', 403, message);
export const unauthorized = (message = 'Login required') => new AppError('unauthorized', 401, message);
