/**
 * What the API would answer about an image before it is sent: the owner hears at once, not after
 * waiting for megabytes to go up only to be refused.
 */
import { MAX_IMAGE_UPLOAD_BYTES, MESSAGES } from '@quillpost/domain';

/** The message to show instead of uploading `file`, or null when it may go. */
export function uploadRefusal(file: Pick<File, 'type' | 'size'>): string | null {
  // A type the browser knows that is not an image's (a PDF, a zip) can be nothing else. An
  // unknown one goes: the API decodes the bytes and judges them.
  if (file.type && !file.type.startsWith('image/')) return MESSAGES.IMAGE_INVALID;
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return MESSAGES.IMAGE_TOO_LARGE;
  return null;
}
