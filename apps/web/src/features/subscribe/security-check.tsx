/**
 * The security-check widget (spec sections 4 and 9): loading -> token received | error | timed
 * out; an expired token goes back to loading. After 30 s without a token or an error it times
 * out, and the form may submit without one. With a Cloudflare test site key a local stand-in
 * hands out the documented dummy token, so development and tests need no remote script.
 */
import {
  MESSAGES,
  SECURITY_CHECK_TIMEOUT_MS,
  TURNSTILE_DUMMY_TOKEN,
  turnstileTestBehaviour,
  type SecurityCheckState,
  type TurnstileTestBehaviour,
} from '@quillpost/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadTurnstile } from './turnstile';

export interface SecurityCheckProps {
  siteKey: string;
  onChange(state: SecurityCheckState, token: string | null): void;
  timeoutMs?: number;
}

/** How long the local stand-in "thinks" before answering, so the states are visible. */
const LOCAL_DELAY_MS = 300;

export function SecurityCheck({
  siteKey,
  onChange,
  timeoutMs = SECURITY_CHECK_TIMEOUT_MS,
}: SecurityCheckProps) {
  const [state, setState] = useState<SecurityCheckState>('loading');
  const [errorText, setErrorText] = useState<string>(MESSAGES.SECURITY_CHECK_FAILED);
  const [attempt, setAttempt] = useState(0);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const report = useCallback((next: SecurityCheckState, token: string | null) => {
    setState(next);
    onChangeRef.current(next, token);
  }, []);

  // The fallback: still loading after timeoutMs means "timed out" (submit allowed).
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => report('timed-out', null), timeoutMs);
    return () => clearTimeout(timer);
  }, [state, timeoutMs, report, attempt]);

  const callbacks = {
    onToken: (token: string) => report('token-received', token),
    onError: (text: string = MESSAGES.SECURITY_CHECK_FAILED) => {
      setErrorText(text);
      report('error', null);
    },
    onExpired: () => report('loading', null),
  };

  const retry = () => {
    setAttempt((count) => count + 1);
    report('loading', null);
  };

  const behaviour = turnstileTestBehaviour(siteKey);
  return (
    <div className={`security-check security-check--${state}`}>
      {behaviour ? (
        <LocalWidget key={attempt} behaviour={behaviour} {...callbacks} />
      ) : (
        <CloudflareWidget key={attempt} siteKey={siteKey} {...callbacks} />
      )}
      <p className="security-check__status" role="status" aria-live="polite">
        {state === 'loading' && behaviour !== 'interactive' ? 'Checking that you’re human…' : null}
        {state === 'token-received' ? '✓ Security check passed' : null}
        {state === 'timed-out'
          ? 'The security check is taking longer than usual. You can still subscribe.'
          : null}
        {state === 'error' ? <span className="security-check__error">{errorText}</span> : null}
      </p>
      {state === 'error' ? (
        <button
          type="button"
          className="button button--quiet security-check__retry"
          onClick={retry}
        >
          Run the Check Again
        </button>
      ) : null}
    </div>
  );
}

interface WidgetCallbacks {
  onToken(token: string): void;
  onError(text?: string): void;
  onExpired(): void;
}

function LocalWidget({
  behaviour,
  onToken,
  onError,
}: WidgetCallbacks & { behaviour: TurnstileTestBehaviour }) {
  const onTokenRef = useRef(onToken);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onTokenRef.current = onToken;
    onErrorRef.current = onError;
  });

  useEffect(() => {
    if (behaviour === 'interactive') return;
    const timer = setTimeout(() => {
      if (behaviour === 'pass' || behaviour === 'pass-invisible') {
        onTokenRef.current(TURNSTILE_DUMMY_TOKEN);
      } else {
        onErrorRef.current();
      }
    }, LOCAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [behaviour]);

  if (behaviour === 'pass-invisible' || behaviour === 'block-invisible') return null;
  return (
    <div className="security-check__local" data-testid="security-check-local">
      {behaviour === 'interactive' ? (
        <label className="checkbox">
          <input
            type="checkbox"
            onChange={(event) => event.target.checked && onToken(TURNSTILE_DUMMY_TOKEN)}
          />
          <span>Confirm you are human</span>
        </label>
      ) : (
        <span className="security-check__badge">Security check · test mode</span>
      )}
    </div>
  );
}

function CloudflareWidget({
  siteKey,
  onToken,
  onError,
  onExpired,
}: WidgetCallbacks & { siteKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onToken, onError, onExpired });
  useEffect(() => {
    callbacks.current = { onToken, onError, onExpired };
  });

  useEffect(() => {
    let widgetId: string | null = null;
    let cancelled = false;
    loadTurnstile().then(
      (turnstile) => {
        if (cancelled || !container.current) return;
        widgetId = turnstile.render(container.current, {
          sitekey: siteKey,
          theme: 'auto', // follows the system's light or dark preference
          callback: (token) => callbacks.current.onToken(token),
          'error-callback': () => callbacks.current.onError(),
          'expired-callback': () => callbacks.current.onExpired(),
          // Cloudflare's own interactive timeout: treat as an expiry and start over.
          'timeout-callback': () => callbacks.current.onExpired(),
        });
      },
      () => {
        if (!cancelled) callbacks.current.onError(MESSAGES.SECURITY_CHECK_INIT_FAILED);
      },
    );
    return () => {
      cancelled = true;
      if (widgetId !== null) window.turnstile?.remove(widgetId);
    };
  }, [siteKey]);

  return <div ref={container} className="security-check__cloudflare" />;
}
