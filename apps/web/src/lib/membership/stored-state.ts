/**
 * What membership keeps in local storage (spec section 3), read with the domain's zod-free
 * guards and written defensively. Every function takes the storage so tests pass their own.
 */
import {
  isOAuthInProgressMarker,
  isOAuthMarkerStale,
  isStoredSubscription,
  isStoredVerifiedEmails,
  LOGOUT_CLEARED_STORAGE_KEYS,
  readWasPreviouslyAuthenticated,
  STORAGE_KEYS,
  type StoredProgressionState,
  type StoredSubscription,
} from '@quillpost/domain';
import type { SafeStorage } from '../storage';

export function readStoredSubscription(storage: SafeStorage): StoredSubscription | null {
  return storage.read(STORAGE_KEYS.subscription, isStoredSubscription);
}

export function writeStoredSubscription(
  storage: SafeStorage,
  subscription: StoredSubscription | null,
): void {
  if (subscription) storage.write(STORAGE_KEYS.subscription, subscription);
  else storage.remove(STORAGE_KEYS.subscription);
}

export function readWasAuthenticated(storage: SafeStorage): boolean {
  return readWasPreviouslyAuthenticated(storage.readRaw(STORAGE_KEYS.wasPreviouslyAuthenticated));
}

export function writeWasAuthenticated(storage: SafeStorage, value: boolean): void {
  storage.writeRaw(STORAGE_KEYS.wasPreviouslyAuthenticated, value ? 'true' : 'false');
}

/** Adds an address to both verified-email lists. */
export function rememberVerifiedEmail(storage: SafeStorage, email: string): void {
  for (const key of [STORAGE_KEYS.verifiedEmails, STORAGE_KEYS.subscriptionVerifiedEmails]) {
    const list = storage.read(key, isStoredVerifiedEmails) ?? [];
    const lower = email.toLowerCase();
    if (!list.some((item) => item.toLowerCase() === lower)) storage.write(key, [...list, email]);
  }
}

export function writeProgressionState(storage: SafeStorage, state: StoredProgressionState): void {
  storage.write(STORAGE_KEYS.userProgressionState, state);
  storage.write(STORAGE_KEYS.lastStateSync, state.syncedAt);
}

/** Logout clears the verified-email lists and the progression data (spec section 4). */
export function clearOnLogout(storage: SafeStorage): void {
  storage.remove(...LOGOUT_CLEARED_STORAGE_KEYS);
}

/** "Clear progression data": the progression state and its sync time. */
export function clearProgressionData(storage: SafeStorage): void {
  storage.remove(STORAGE_KEYS.userProgressionState, STORAGE_KEYS.lastStateSync);
}

/** Removes an oauth_in_progress marker older than five minutes (or unreadable). */
export function clearStaleOAuthMarker(storage: SafeStorage, nowMs: number): void {
  const marker = storage.read(STORAGE_KEYS.oauthInProgress, isOAuthInProgressMarker);
  if (marker && isOAuthMarkerStale(marker, nowMs)) storage.remove(STORAGE_KEYS.oauthInProgress);
}
