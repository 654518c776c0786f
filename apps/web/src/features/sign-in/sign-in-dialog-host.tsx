/** The sign-in dialog, loaded on first use; apart from the context so the dialog can use it. */
import { lazy, Suspense } from 'react';
import { useSignIn } from './sign-in-context';

const SignInDialog = lazy(() => import('./sign-in-dialog'));

export function SignInDialogHost() {
  const { open } = useSignIn();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  );
}

export function preloadSignInDialog(): void {
  void import('./sign-in-dialog');
}
