/**
 * The subscribe form: email -> details -> loading -> success | error (spec sections 2, 4, 5).
 * Back and Try Again return to the email step; on success the subscription is stored unverified
 * and, after 1500 ms, `onComplete` runs (by default: go to /signedup with the details). The flow
 * lives in useSubscribe, each step in subscribe-steps.tsx; this composes them and moves focus.
 */
import { SUBSCRIBE_REDIRECT_DELAY_MS, PAGE_PATHS } from '@quillpost/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  DetailsStep,
  EmailStep,
  ErrorStep,
  SuccessStep,
  type DetailsDraft,
} from './subscribe-steps';
import { turnstileSiteKey } from './turnstile';
import { useSubscribe, type SubscribeSuccess } from './use-subscribe';
import './subscribe.css';

export type { SubscribeSuccess } from './use-subscribe';

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

export const SIGNED_UP_PATH = PAGE_PATHS.signedUp;

export function SubscribeForm({
  source,
  titleId,
  title = 'Get new writing by email',
  autoRedirect = true,
  onComplete,
  onCancel,
  siteKey,
}: SubscribeFormProps) {
  const flow = useSubscribe();
  const { step, success } = flow;
  const navigate = useNavigate();
  const fieldId = useId();
  const generatedTitleId = useId();
  const headingId = titleId ?? generatedTitleId;
  const [draft, setDraft] = useState<DetailsDraft>({ name: '', wantsAccount: false });
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

  const chooseEmail = (typed: string) => {
    const chosen = flow.chooseEmail(typed);
    return chosen.ok ? null : chosen.error;
  };

  return (
    <div className="subscribe-form" data-step={step} data-source={source}>
      {step === 'email' ? (
        <EmailStep
          headingId={headingId}
          fieldId={fieldId}
          onCancel={onCancel}
          title={title}
          initialEmail={flow.email}
          inputRef={emailInput}
          onChoose={chooseEmail}
        />
      ) : null}
      {step === 'details' || step === 'loading' ? (
        <DetailsStep
          headingId={headingId}
          fieldId={fieldId}
          email={flow.email}
          draft={draft}
          onDraftChange={setDraft}
          submitting={step === 'loading'}
          siteKey={resolvedSiteKey}
          headingRef={stepHeading}
          inputRef={nameInput}
          onSubscribe={(details) => void flow.subscribe(details)}
          onBack={flow.backToEmail}
        />
      ) : null}
      {step === 'success' ? (
        <SuccessStep
          headingId={headingId}
          headingRef={stepHeading}
          message={flow.message}
          email={flow.email}
        />
      ) : null}
      {step === 'error' ? (
        <ErrorStep
          headingId={headingId}
          headingRef={stepHeading}
          message={flow.message}
          onCancel={onCancel}
          onRetry={flow.backToEmail}
        />
      ) : null}
    </div>
  );
}
