/**
 * Where the security check's site key comes from, and the one loader for Cloudflare's script.
 * Test site keys never load the script: the local widget in security-check.tsx stands in.
 */
import { TURNSTILE_DEFAULT_TEST_SITE_KEY } from '@quillpost/domain';

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/**
 * The site key: a `<meta name="turnstile-site-key">` the server may inject, else the build's
 * VITE_TURNSTILE_SITE_KEY, else Cloudflare's always-passing test key (development and tests).
 */
export function turnstileSiteKey(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="turnstile-site-key"]');
  const fromMeta = meta?.content.trim();
  if (fromMeta) return fromMeta;
  const fromBuild = import.meta.env.VITE_TURNSTILE_SITE_KEY as string | undefined;
  return fromBuild?.trim() || TURNSTILE_DEFAULT_TEST_SITE_KEY;
}

export interface TurnstileRenderOptions {
  sitekey: string;
  theme: 'auto' | 'light' | 'dark';
  callback: (token: string) => void;
  'error-callback': () => void;
  'expired-callback': () => void;
  'timeout-callback': () => void;
}

export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

/** Loads Cloudflare's script once; rejects when it cannot be loaded. */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile missing'));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('turnstile script failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}
