import { MESSAGES, redactSecretUrl, type MessageCode } from '@quillpost/domain';
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
  'not-signed-in': 401,
  'not-permitted': 403,
  conflict: 409,
  invalid: 400,
  'too-large': 413,
  unavailable: 503,
  'upstream-failed': 502,
};

/** A service's refusal as the client sees it: the refusal picks the status, the code the message. */
function fromDomain(error: DomainError): AppError {
  return new AppError(STATUS_OF_REFUSAL[error.refusal], error.code, error.message);
}

/**
 * What Express and its parts (body parsers, the router's parameter decoding, the static file
 * server) throw for a request they cannot take: an http-errors error with a 4xx status.
 */
interface ClientRequestError {
  type?: string;
  status?: number;
  statusCode?: number;
  message?: string;
}

const CODE_OF_STATUS: Partial<Record<number, MessageCode>> = {
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function fromClientRequest(error: ClientRequestError | null): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if (error.type === 'entity.parse.failed') return new AppError(400, 'INVALID_JSON');
  if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  }
  const status = error.status ?? error.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  return new AppError(status, CODE_OF_STATUS[status] ?? 'INVALID_REQUEST');
}

/**
 * What the client is told of an error, whichever part threw it: a service's refusal, an HTTP
 * refusal, or a request Express could not take. Undefined for a fault, which is told nothing.
 * A route that answers a browser with a page instead of JSON chooses by this, never by the class.
 */
export function refusalOf(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) return fromDomain(error);
  return fromClientRequest(error as ClientRequestError | null);
}

/**
 * The one place errors become responses: refusals keep their code, a request the server cannot
 * take is its 4xx with a line at warn level (no stack: nothing is wrong here), and anything else
 * is a fault, logged with its stack and answered 500 without a word of what went wrong.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = refusalOf(error);
    if (!known) {
      logger.error({ err: error }, 'unhandled error');
      res
        .status(500)
        .json({ success: false, code: 'INTERNAL_ERROR', message: MESSAGES.INTERNAL_ERROR });
      return;
    }
    if (!(error instanceof AppError || error instanceof DomainError)) {
      // Not the error's message: a parameter that failed to decode is quoted in it, token and all.
      const { type } = error as ClientRequestError;
      const url = redactSecretUrl(req.originalUrl);
      logger.warn({ status: known.status, type, method: req.method, url }, 'request refused');
    }
    res.set(known.headers);
    res.status(known.status).json({ success: false, code: known.code, message: known.message });
  };
}
