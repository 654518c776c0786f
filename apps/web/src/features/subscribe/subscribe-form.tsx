/**
 * The subscribe form: email -> details -> loading -> success | error (spec sections 2, 4, 5).
 * Back and Try Again return to the email step; on success the subscription is stored unverified
 * and, after 1500 ms, `onComplete` runs (by default: go to /signedup with the details).
 */
import {
  emailSchema,
  MESSAGES,
  nameSchema,
  SUBSCRIBE_REDIRECT_DELAY_MS,
  type SecurityCheckState,
  type SubscribeFormStep,
} from '@quillpost/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '../../lib/api-context';
import { useMembership } from '../membership/membership-context';
import { ConsentText } from './consent-text';
import { SecurityCheck } from './security-check';
import { postSubscribe } from './subscribe-api';
import { turnstileSiteKey } from './turnstile';
import './subscribe.css';

export interface SubscribeSuccess {
  email: string;
  name: string | null;
  subscribedAt: string;
  wantsAccount: boolean;
}

export interface SubscribeFormProps {
  /** Who shows the form, e.g. 'header' or 'home'. */
  source: string;
  /** Id for the form's heading, so a dialog can be labelled by it. */
  titleId?: string;
  title?: string;
  autoRedirect?: boolean;
  onComplete?: (success: SubscribeSuccess) => void;
  onCancel?: () => void;
  siteKey?: string;
}

export const SIGNED_UP_PATH = '/signedup';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? MESSAGES.INVALID_REQUEST);
}

export function SubscribeForm({
  source,
  titleId,
  title = 'Get new writing by email',
  autoRedirect = true,
  onComplete,
  onCancel,
  siteKey,
}: SubscribeFormProps) {
  const api = useApiClient();
  const membership = useMembership();
  const navigate = useNavigate();
  const fieldId = useId();
  const generatedTitleId = useId();
  const headingId = titleId ?? generatedTitleId;

  const [step, setStep] = useState<SubscribeFormStep>('email');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [wantsAccount, setWantsAccount] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [check, setCheck] = useState<{ state: SecurityCheckState; token: string | null }>({
    state: 'loading',
    token: null,
  });
  const [serverMessage, setServerMessage] = useState('');
  const [success, setSuccess] = useState<SubscribeSuccess | null>(null);
  const [resolvedSiteKey] = useState(() => siteKey ?? turnstileSiteKey());

  const onCompleteRef = useRef(onComplete);
  useEffect(() => {
    onCompleteRef.current = onComplete;
  }, [onComplete]);

  // Auto-redirect: 1500 ms after success.
  useEffect(() => {
    if (step !== 'success' || !success || !autoRedirect) return;
    const timer = setTimeout(() => {
      if (onCompleteRef.current) onCompleteRef.current(success);
      else navigate(SIGNED_UP_PATH, { state: success });
    }, SUBSCRIBE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step, success, autoRedirect, navigate]);

  const emailInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  // Move focus with the step, so keyboard and screen-reader users follow along.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === 'email') emailInput.current?.focus();
    else if (step === 'details') nameInput.current?.focus();
    else stepHeading.current?.focus();
  }, [step]);

  function submitEmail(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    const problem = firstMessage(parsed);
    setEmailError(problem);
    if (parsed.success) {
      // The canonical address is what the server keeps; the form shows it as it will be used.
      setEmail(parsed.data);
      setCheck({ state: 'loading', token: null });
      setFormError(null);
      setStep('details');
    }
  }

  async function submitDetails(event: FormEvent) {
    event.preventDefault();
    if (step !== 'details') return;
    const nameProblem = firstMessage(nameSchema.safeParse(name));
    setNameError(nameProblem);
    if (nameProblem) return;
    if (!check.token && check.state !== 'timed-out') {
      setFormError(MESSAGES.SECURITY_CHECK_PENDING);
      return;
    }
    setFormError(null);
    setStep('loading');
    const trimmedName = name.trim() || undefined;
    const outcome = await postSubscribe(api, {
      email,
      name: trimmedName,
      wantsAccount,
      turnstileToken: check.token ?? undefined,
    });
    if (!outcome.ok) {
      setServerMessage(outcome.message);
      setStep('error');
      return;
    }
    const stored = membership.completeSubscription({
      email,
      name: trimmedName ?? null,
      wantsAccount,
      statusToken: outcome.statusToken,
    });
    setServerMessage(outcome.message);
    setSuccess({
      email,
      name: stored.name ?? null,
      subscribedAt: stored.subscribedAt,
      wantsAccount,
    });
    setStep('success');
  }

  const backToEmail = () => {
    setFormError(null);
    setStep('email');
  };

  const submitting = step === 'loading';
  const canSubmit = !submitting && (check.token !== null || check.state === 'timed-out');

  return (
    <div className="subscribe-form" data-step={step} data-source={source}>
      {step === 'email' ? (
        <form onSubmit={submitEmail} noValidate>
          <h2 id={headingId} className="subscribe-form__title">
            {title}
          </h2>
          <p className="subscribe-form__lede">
            Essays on building, learning and writing — a letter every few weeks, never more.
          </p>
          <div className="field">
            <label className="field__label" htmlFor={`${fieldId}-email`}>
              Email address
            </label>
            <input
              ref={emailInput}
              id={`${fieldId}-email`}
              className="field__input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${fieldId}-email-error` : undefined}
            />
            {emailError ? (
              <span id={`${fieldId}-email-error`} className="field__error" role="alert">
                {emailError}
              </span>
            ) : null}
          </div>
          <div className="subscribe-form__actions">
            {onCancel ? (
              <button type="button" className="button button--quiet" onClick={onCancel}>
                {MESSAGES.CANCEL}
              </button>
            ) : null}
            <button type="submit" className="button button--primary">
              Continue
            </button>
          </div>
        </form>
      ) : null}

      {step === 'details' || step === 'loading' ? (
        <form onSubmit={submitDetails} noValidate aria-busy={submitting}>
          <h2 id={headingId} className="subscribe-form__title" ref={stepHeading} tabIndex={-1}>
            Almost there
          </h2>
          <p className="subscribe-form__lede">
            Subscribing <strong>{email}</strong>.
          </p>
          <div className="field">
            <label className="field__label" htmlFor={`${fieldId}-name`}>
              Your name <span className="field__hint">(optional)</span>
            </label>
            <input
              ref={nameInput}
              id={`${fieldId}-name`}
              className="field__input"
              type="text"
              name="name"
              autoComplete="name"
              value={name}
              disabled={submitting}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${fieldId}-name-error` : undefined}
            />
            {nameError ? (
              <span id={`${fieldId}-name-error`} className="field__error" role="alert">
                {nameError}
              </span>
            ) : null}
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              name="wantsAccount"
              checked={wantsAccount}
              disabled={submitting}
              onChange={(event) => setWantsAccount(event.target.checked)}
            />
            <span>Also create a member account (comments, bookmarks and more)</span>
          </label>
          <SecurityCheck
            siteKey={resolvedSiteKey}
            onChange={(state, token) => setCheck({ state, token })}
          />
          <ConsentText id={`${fieldId}-consent`} />
          {formError ? (
            <p className="field__error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="subscribe-form__actions">
            <button
              type="button"
              className="button button--quiet"
              onClick={backToEmail}
              disabled={submitting}
            >
              {MESSAGES.BACK}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={!canSubmit}
              aria-describedby={`${fieldId}-consent`}
            >
              {submitting ? 'Subscribing…' : MESSAGES.SUBSCRIBE}
            </button>
          </div>
        </form>
      ) : null}

      {step === 'success' ? (
        <div className="subscribe-form__result" role="status">
          <h2 id={headingId} className="subscribe-form__title" ref={stepHeading} tabIndex={-1}>
            Check your inbox
          </h2>
          <p>{serverMessage}</p>
          <p className="subscribe-form__lede">
            We sent a confirmation link to <strong>{email}</strong>.
          </p>
        </div>
      ) : null}

      {step === 'error' ? (
        <div className="subscribe-form__result subscribe-form__result--error">
          <h2 id={headingId} className="subscribe-form__title" ref={stepHeading} tabIndex={-1}>
            {MESSAGES.SUBSCRIPTION_FAILED_TITLE}
          </h2>
          <p role="alert">{serverMessage}</p>
          <div className="subscribe-form__actions">
            {onCancel ? (
              <button type="button" className="button button--quiet" onClick={onCancel}>
                {MESSAGES.CANCEL}
              </button>
            ) : null}
            <button type="button" className="button button--primary" onClick={backToEmail}>
              {MESSAGES.TRY_AGAIN}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
