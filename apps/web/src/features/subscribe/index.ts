/** The subscribe feature's public face: other features and the app shell import from here. */
export { SubscribePopupProvider, useSubscribePopup } from './subscribe-popup-context';
export { SubscribePopupHost, preloadSubscribePopup } from './subscribe-popup-host';
export { useResendConfirmation } from './use-resend-confirmation';
