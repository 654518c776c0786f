/**
 * The sign-in dialog (spec section 2): providers, magic link, 'Signing you in...', the error
 * text, and after success 'Welcome, {name or User}!' / 'Account setup complete.'. Closing it
 * (backdrop, Escape or the close button) clears the error.
 */
import { useId, useRef } from 'react';
import { Dialog, DialogCloseButton } from '../../components/dialog';
import { SignInChoice } from './sign-in-choice';
import { SignInWelcome } from './sign-in-welcome';
import { useSignInFlow } from './use-sign-in-flow';
import './sign-in.css';

export default function SignInDialog() {
  const flow = useSignInFlow();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <Dialog
      labelledBy={titleId}
      onClose={flow.close}
      placement="center"
      className="sign-in"
      initialFocus={heading}
    >
      {flow.phase === 'success' ? (
        <SignInWelcome titleId={titleId} name={flow.welcomeName} />
      ) : (
        <SignInChoice titleId={titleId} heading={heading} flow={flow} />
      )}
      <DialogCloseButton onClick={flow.close} />
    </Dialog>
  );
}
