/**
 * The subscribe form's steps, each a view of the flow in use-subscribe.ts. Every step's heading
 * carries `headingId`, so a dialog stays labelled whichever step shows; `headingRef` and the
 * input refs let the form move focus with the step.
 */
import { MESSAGES, nameSchema, type SecurityCheckState } from '@quillpost/domain';
import { useState, type FormEvent, type Ref } from 'react';
import { useSite } from '../../lib/use-site';
import { ConsentText } from './consent-text';
import { AccountChoice, EmailField, NameField } from './subscribe-fields';
import { SecurityCheck } from './security-check';
import { firstMessage, type SubscribeDetails } from './use-subscribe';

export interface DetailsDraft {
  name: string;
  wantsAccount: boolean;
}

interface StepProps {
  headingId: string;
  /** Prefix for the step's field ids. */
  fieldId: string;
  onCancel?: (() => void) | undefined;
}

export function EmailStep({
  headingId,
  fieldId,
  onCancel,
  title,
  initialEmail,
  inputRef,
  onChoose,
}: StepProps & {
  title: string;
  initialEmail: string;
  inputRef: Ref<HTMLInputElement>;
  /** Null when the address was taken, else the text to show under the field. */
  onChoose: (typed: string) => string | null;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  // The owner's words for the newsletter (site.yml's `subscribe.dialog`).
  const { subscribe } = useSite();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(onChoose(email));
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id={headingId} className="subscribe-form__title">
        {title}
      </h2>
      <p className="subscribe-form__lede">{subscribe.dialog}</p>
      <EmailField
        inputRef={inputRef}
        id={`${fieldId}-email`}
        error={error}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
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
  );
}

export function DetailsStep({
  headingId,
  fieldId,
  email,
  submitting,
  siteKey,
  headingRef,
  inputRef,
  draft,
  onDraftChange,
  onSubscribe,
  onBack,
}: StepProps & {
  email: string;
  /** What the reader typed, kept by the form so Back and Try Again do not lose it. */
  draft: DetailsDraft;
  onDraftChange: (draft: DetailsDraft) => void;
  submitting: boolean;
  siteKey: string;
  headingRef: Ref<HTMLHeadingElement>;
  inputRef: Ref<HTMLInputElement>;
  onSubscribe: (details: SubscribeDetails) => void;
  onBack: () => void;
}) {
  const { name, wantsAccount } = draft;
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [check, setCheck] = useState<{ state: SecurityCheckState; token: string | null }>({
    state: 'loading',
    token: null,
  });
  const canSubmit = !submitting && (check.token !== null || check.state === 'timed-out');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const problem = firstMessage(nameSchema.safeParse(name));
    setNameError(problem);
    if (problem) return;
    if (!check.token && check.state !== 'timed-out') {
      setFormError(MESSAGES.SECURITY_CHECK_PENDING);
      return;
    }
    setFormError(null);
    onSubscribe({ name, wantsAccount, turnstileToken: check.token ?? undefined });
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={submitting}>
      <h2 id={headingId} className="subscribe-form__title" ref={headingRef} tabIndex={-1}>
        Almost there
      </h2>
      <p className="subscribe-form__lede">
        Subscribing <strong>{email}</strong>.
      </p>
      <NameField
        inputRef={inputRef}
        id={`${fieldId}-name`}
        error={nameError}
        value={name}
        disabled={submitting}
        onChange={(event) => onDraftChange({ ...draft, name: event.target.value })}
      />
      <AccountChoice
        checked={wantsAccount}
        disabled={submitting}
        onChange={(event) => onDraftChange({ ...draft, wantsAccount: event.target.checked })}
      />
      <SecurityCheck siteKey={siteKey} onChange={(state, token) => setCheck({ state, token })} />
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
          onClick={onBack}
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
  );
}

export function SuccessStep({
  headingId,
  headingRef,
  message,
  email,
}: Pick<StepProps, 'headingId'> & {
  headingRef: Ref<HTMLHeadingElement>;
  message: string;
  email: string;
}) {
  return (
    <div className="subscribe-form__result" role="status">
      <h2 id={headingId} className="subscribe-form__title" ref={headingRef} tabIndex={-1}>
        Check your inbox
      </h2>
      <p>{message}</p>
      <p className="subscribe-form__lede">
        We sent a confirmation link to <strong>{email}</strong>.
      </p>
    </div>
  );
}

export function ErrorStep({
  headingId,
  headingRef,
  message,
  onCancel,
  onRetry,
}: Pick<StepProps, 'headingId' | 'onCancel'> & {
  headingRef: Ref<HTMLHeadingElement>;
  message: string;
  onRetry: () => void;
}) {
  return (
    <div className="subscribe-form__result subscribe-form__result--error">
      <h2 id={headingId} className="subscribe-form__title" ref={headingRef} tabIndex={-1}>
        {MESSAGES.SUBSCRIPTION_FAILED_TITLE}
      </h2>
      <p role="alert">{message}</p>
      <div className="subscribe-form__actions">
        {onCancel ? (
          <button type="button" className="button button--quiet" onClick={onCancel}>
            {MESSAGES.CANCEL}
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={onRetry}>
          {MESSAGES.TRY_AGAIN}
        </button>
      </div>
    </div>
  );
}
