import { MESSAGES, messageTemplates } from '@quillpost/domain';

/** The dialog after a sign-in: 'Welcome, {name or User}!' and 'Account setup complete.'. */
export function SignInWelcome({ titleId, name }: { titleId: string; name?: string | null }) {
  return (
    <div className="sign-in__success" role="status">
      <span className="sign-in__check" aria-hidden="true">
        ✓
      </span>
      <h2 id={titleId} className="dialog__title sign-in__title">
        {messageTemplates.welcome(name)}
      </h2>
      <p className="dialog__lede">{MESSAGES.ACCOUNT_SETUP_COMPLETE}</p>
    </div>
  );
}
