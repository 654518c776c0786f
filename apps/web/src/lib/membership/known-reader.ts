/**
 * The cookie that tells the server this browser knows its reader (KNOWN_READER_COOKIE, decision
 * 0042), kept in step with what is stored: set while a subscription, a progression or a past
 * sign-in is, removed with the last of them. It holds nothing but "1".
 */
import { hasCookie, KNOWN_READER_COOKIE, storageKnowsReader } from '@quillpost/domain';
import type { SafeStorage } from '../storage';

/** As long as the browser keeps it: a year, renewed whenever it is written again. */
const KEPT_SECONDS = 365 * 24 * 60 * 60;

export function keepKnownReaderCookie(storage: SafeStorage, doc: Document = document): void {
  const known = storageKnowsReader(storage.readRaw);
  if (known === hasCookie(doc.cookie, KNOWN_READER_COOKIE)) return;
  const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${KNOWN_READER_COOKIE}=${known ? '1' : ''}; Path=/; Max-Age=${known ? KEPT_SECONDS : 0}; SameSite=Lax${secure}`;
}
