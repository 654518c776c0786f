/**
 * Sign in by email (spec sections 2, 4, 8): closed -> open -> sending -> sent | error. The sent
 * state offers a back link and, for reading mail on another device, the 6-digit code from it.
 */
import {
  MAGIC_CODE_PATTERN,
  MAGIC_LINK_RESEND_FLAG_MS,
  emailSchema,
  MESSAGES,
  messageTemplates,
  type MagicLinkFormState,
} from '@quillpost/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../components/text-field';
import { useApiClient } from '../../lib/api-context';

export interface MagicLinkFormProps {
  returnUrl: string;
  /** After a correct code: the user's name and where to go. */
  onSignedIn(result: { name: string | null; returnUrl: string | null }): void;
  /** Told when the form opens or closes, so the dialog can hide the provider buttons. */
  onOpenChange?(open: boolean): void;
  /** The only way to sign in (no provider is set up): open at once, nothing to go back to. */
  only?: boolean;
}

export function MagicLinkForm({
  returnUrl,
  onSignedIn,
  onOpenChange,
  only = false,
}: MagicLinkFormProps) {
  const api = useApiClient();
  const id = useId();
  const [state, setState] = useState<MagicLinkFormState>(only ? 'open' : 'closed');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resendBlocked, setResendBlocked] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (state === 'open') emailInput.current?.focus();
  }, [state]);

  useEffect(() => {
    if (!resendBlocked) return;
    const timer = setTimeout(() => setResendBlocked(false), MAGIC_LINK_RESEND_FLAG_MS);
    return () => clearTimeout(timer);
  }, [resendBlocked]);

  const open = () => {
    setState('open');
    onOpenChange?.(true);
  };

  const reset = () => {
    setState(only ? 'open' : 'closed');
    setEmail('');
    setSentTo('');
    setError(null);
    onOpenChange?.(false);
    requestAnimationFrame(() => openButton.current?.focus());
  };

  async function send(address: string) {
    setState('sending');
    setError(null);
    const result = await api.call('magicLinkRequest', { body: { email: address, returnUrl } });
    if (result.ok) {
      setSentTo(address);
      setResendBlocked(true);
      setState('sent');
      return;
    }
    setError(
      result.code === 'NETWORK_ERROR'
        ? MESSAGES.MAGIC_LINK_SEND_ERROR
        : result.code === 'REQUEST_FAILED'
          ? MESSAGES.MAGIC_LINK_SEND_FAILED
          : result.message,
    );
    setState('error');
  }

  function submitEmail(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.EMAIL_INVALID);
      setState('error');
      emailInput.current?.focus();
      return;
    }
    setEmail(parsed.data);
    void send(parsed.data);
  }

  if (state === 'closed') {
    return (
      <button
        ref={openButton}
        type="button"
        className="button button--block sign-in__method"
        onClick={open}
      >
        <MailIcon />
        Email Me a Sign-In Link
      </button>
    );
  }

  if (state === 'sent') {
    return (
      <MagicLinkSent
        id={id}
        sentTo={sentTo}
        resendBlocked={resendBlocked}
        onResend={() => void send(sentTo)}
        onBack={() => setState('open')}
        onSignedIn={onSignedIn}
      />
    );
  }

  const sending = state === 'sending';
  return (
    <form className="magic-link" onSubmit={submitEmail} noValidate aria-busy={sending}>
      <TextField
        inputRef={emailInput}
        id={`${id}-email`}
        label="Email address"
        error={error}
        type="email"
        name="email"
        required
        autoComplete="email"
        inputMode="email"
        disabled={sending}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="magic-link__actions">
        {only ? null : (
          <button type="button" className="button button--quiet" onClick={reset} disabled={sending}>
            {MESSAGES.CANCEL}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send Link'}
        </button>
      </div>
    </form>
  );
}

/**
 * After the link went out: says where, and takes the 6-digit code from the same email for a
 * reader whose mail is on another device.
 */
function MagicLinkSent({
  id,
  sentTo,
  resendBlocked,
  onResend,
  onBack,
  onSignedIn,
}: {
  id: string;
  sentTo: string;
  resendBlocked: boolean;
  onResend(): void;
  onBack(): void;
  onSignedIn: MagicLinkFormProps['onSignedIn'];
}) {
  const api = useApiClient();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [checkingCode, setCheckingCode] = useState(false);
  const sentHeading = useRef<HTMLParagraphElement>(null);

  useEffect(() => sentHeading.current?.focus(), []);

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!MAGIC_CODE_PATTERN.test(digits)) {
      setCodeError(MESSAGES.CODE_INVALID);
      return;
    }
    setCheckingCode(true);
    setCodeError(null);
    const result = await api.call('magicLinkCode', { body: { email: sentTo, code: digits } });
    setCheckingCode(false);
    if (!result.ok) {
      setCodeError(result.message);
      return;
    }
    const name = typeof result.data.user?.name === 'string' ? result.data.user.name : null;
    const next = typeof result.data.returnUrl === 'string' ? result.data.returnUrl : null;
    onSignedIn({ name, returnUrl: next });
  }

  return (
    <div className="magic-link magic-link--sent">
      <p ref={sentHeading} className="magic-link__sent" role="status" tabIndex={-1}>
        {messageTemplates.magicLinkSent(sentTo)}
      </p>
      <form className="magic-link__code" onSubmit={submitCode} noValidate>
        <TextField
          id={`${id}-code`}
          inputClassName="magic-link__code-input"
          label="Or enter the 6-digit code from the email"
          error={codeError}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={checkingCode}
        >
          {checkingCode ? MESSAGES.SIGNING_IN : 'Sign In with Code'}
        </button>
      </form>
      <div className="magic-link__links">
        <button type="button" className="button button--quiet" onClick={onBack}>
          ← Back
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={resendBlocked}
          onClick={onResend}
        >
          {resendBlocked ? MESSAGES.SENT : 'Send the Link Again'}
        </button>
      </div>
    </div>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="sign-in__icon">
      <rect
        x="3"
        y="5"
        width="18"
        height="14"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path d="M4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
