import { MESSAGES, type MessageCode } from '@quillpost/domain';

/** How a request was refused, in the domain's terms; http/errors.ts alone maps it to a status. */
export type Refusal =
  /** Nothing the caller may see goes by that name. */
  | 'not-found'
  /** The caller has not shown who they are: no session, nor the link from their email. */
  | 'not-signed-in'
  /** The caller may not do this (their role, their own account, a closed thread). */
  | 'not-permitted'
  /** The thing's current state does not allow it (already sent, the last sign-in method). */
  | 'conflict'
  /** The input breaks a rule of the domain. */
  | 'invalid'
  /** The input is larger than the domain takes (an upload's bytes or pixels). */
  | 'too-large'
  /** A service the domain relies on (the security check) cannot be asked now. */
  | 'unavailable'
  /** A service the domain relies on (the mail relay) was asked and failed. */
  | 'upstream-failed';

/**
 * What a service throws when it refuses: which rule (a message code from the domain, whose text
 * the spec fixes) and the kind of refusal. Services never pick HTTP statuses.
 */
export class DomainError extends Error {
  private constructor(
    readonly refusal: Refusal,
    readonly code: MessageCode,
    message: string = MESSAGES[code],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(code: MessageCode = 'NOT_FOUND'): DomainError {
    return new DomainError('not-found', code);
  }

  static notSignedIn(code: MessageCode = 'UNAUTHORIZED'): DomainError {
    return new DomainError('not-signed-in', code);
  }

  static notPermitted(code: MessageCode = 'FORBIDDEN'): DomainError {
    return new DomainError('not-permitted', code);
  }

  /** `message` only where the rule's text names what changed (a post, a poem). */
  static conflict(code: MessageCode, message?: string): DomainError {
    return new DomainError('conflict', code, message);
  }

  /** `message` only where the rule's text depends on the input (the field at fault, the file). */
  static invalid(code: MessageCode, message?: string): DomainError {
    return new DomainError('invalid', code, message);
  }

  static tooLarge(code: MessageCode): DomainError {
    return new DomainError('too-large', code);
  }

  static unavailable(code: MessageCode): DomainError {
    return new DomainError('unavailable', code);
  }

  static upstreamFailed(code: MessageCode): DomainError {
    return new DomainError('upstream-failed', code);
  }
}
