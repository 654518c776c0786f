/**
 * The one check for every `returnUrl` / `return_url`, used by the API before redirecting and by
 * the web before navigating, so an attacker can never turn a sign-in link into an open redirect.
 */
export const SAFE_RETURN_FALLBACK = '/';

const MAX_RETURN_URL_LENGTH = 2048;

// Enough for double and triple encoding; anything still changing after this is rejected.
const MAX_DECODE_ROUNDS = 4;

// C0 controls, DEL and C1 controls. Browsers silently drop tab and newline from URLs, so
// '/\t/evil.example' would become the protocol-relative '//evil.example'.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether one decoding layer is a single-slash, same-origin path. */
function isSafeLayer(candidate: string): boolean {
  if (!candidate.startsWith('/')) return false; // schemes, hosts and relative paths
  if (candidate.startsWith('//')) return false; // protocol-relative URL
  if (CONTROL_CHARACTER.test(candidate)) return false;
  // Browsers treat '\' like '/' in the path, so '/\evil.example' is '//evil.example'.
  const pathPart = candidate.split(/[?#]/, 1)[0] ?? '';
  if (pathPart.includes('\\')) return false;
  return true;
}

/**
 * Returns `input` when it is a same-origin path starting with exactly one '/', and '/' otherwise.
 * Each percent-decoded layer must pass too, so '%2F%2Fevil' and '/%5Cevil' are rejected however
 * many times they are encoded.
 */
export function safeReturnPath(input: unknown): string {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_RETURN_URL_LENGTH) {
    return SAFE_RETURN_FALLBACK;
  }
  let layer = input;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    if (!isSafeLayer(layer)) return SAFE_RETURN_FALLBACK;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return SAFE_RETURN_FALLBACK; // malformed escapes: nothing legitimate needs them
    }
    if (decoded === layer) return input;
    layer = decoded;
  }
  return SAFE_RETURN_FALLBACK;
}

export function isSafeReturnPath(input: unknown): input is string {
  return typeof input === 'string' && safeReturnPath(input) === input && input !== '';
}
