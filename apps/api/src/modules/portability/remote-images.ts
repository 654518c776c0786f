/** A remote image of an imported post, fetched into the content folder when it can be. */
const LIMIT_BYTES = 20 * 1024 * 1024;

export async function fetchRemoteImage(url: string): Promise<Buffer | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'follow' });
    if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    return bytes.length > LIMIT_BYTES ? null : bytes;
  } catch {
    return null;
  }
}
