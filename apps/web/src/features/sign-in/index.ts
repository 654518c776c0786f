/** The sign-in feature's public face: other features and the app shell import from here. */
export { SignInProvider, useSignIn, type SignInOptions } from './sign-in-context';
export { SignInDialogHost, preloadSignInDialog } from './sign-in-dialog-host';
