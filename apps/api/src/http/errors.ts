import { MESSAGES, type MessageCode } from '@quillpost/domain';
import type { ErrorRequestHandler } from 'express';
import { DomainError, type Refusal } from '../domain-error.js';
import type { Logger } from '../logger.js';

/** An error the client may see: an HTTP status, a stable code from the domain and its message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    message: string = MESSAGES[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const STATUS_OF_REFUSAL: Record<Refusal, number> = {
  'not-found': 404,
  'not-permitted': 403,
  conflict: 409,
  invalid: 400,
  unavailable: 503,
  'upstream-failed': 502,
};

/** A service's refusal as the client sees it: the refusal picks the status, the code the message. */
function fromDomain(error: DomainError): AppError {
  return new AppError(STATUS_OF_REFUSAL[error.refusal], error.code, error.message);
}

interface BodyParserError {
  type?: string;
  status?: number;
}

function fromBodyParser(error: BodyParserError): AppError | undefined {
  if (error.type === 'entity.too.large') return new AppError(413, 'PAYLOAD_TOO_LARGE');
  if (error.type === 'entity.parse.failed') return new AppError(400, 'INVALID_JSON');
  if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  }
  // express.static with fallthrough: false reports a missing file as an http-errors 404.
  if (error.status === 404) return new AppError(404, 'NOT_FOUND');
  return undefined;
}

/** The one place errors become responses: known ones keep their code, the rest are logged and hidden. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const known =
      error instanceof AppError
        ? error
        : error instanceof DomainError
          ? fromDomain(error)
          : fromBodyParser(error as BodyParserError);
    if (!known) {
      logger.error({ err: error }, 'unhandled error');
      res
        .status(500)
        .json({ success: false, code: 'INTERNAL_ERROR', message: MESSAGES.INTERNAL_ERROR });
      return;
    }
    res.set(known.headers);
    res.status(known.status).json({ success: false, code: known.code, message: known.message });
  };
}
