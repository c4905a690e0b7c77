import { errorCatalogue, type ErrorCode } from '@app/contracts/errors';

/**
 * The one error type services throw, made from a code of the catalogue (contracts/errors.ts), which
 * fixes its status; the error handler turns it into `{ error: { code, message, details? } }`.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = errorCatalogue[code].message,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorCatalogue[code].status;
  }
}
