/** Opens and closes the sign-in dialog from anywhere; the dialog (sign-in-dialog-host.tsx) is a lazy chunk. */
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';

export interface SignInOptions {
  /** Heading; defaults to 'Sign in to your account'. */
  title?: string;
  /** Where to go after signing in; defaults to the members dashboard. */
  returnUrl?: string;
}

export interface SignInContextValue {
  open: boolean;
  options: SignInOptions;
  openSignIn(options?: SignInOptions): void;
  closeSignIn(): void;
}

const SignInContext = createContext<SignInContextValue | null>(null);

export function SignInProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<SignInOptions>({});
  const openSignIn = useCallback((next: SignInOptions = {}) => {
    setOptions(next);
    setOpen(true);
  }, []);
  const closeSignIn = useCallback(() => setOpen(false), []);
  const value = useMemo(
    () => ({ open, options, openSignIn, closeSignIn }),
    [open, options, openSignIn, closeSignIn],
  );
  return <SignInContext value={value}>{children}</SignInContext>;
}

export function useSignIn(): SignInContextValue {
  const value = use(SignInContext);
  if (!value) throw new Error('useSignIn must be used inside <SignInProvider>');
  return value;
}
