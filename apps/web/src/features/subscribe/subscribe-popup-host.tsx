/** The subscribe popup, loaded on first use; apart from the context so the popup can use it. */
import { lazy, Suspense } from 'react';
import { useSubscribePopup } from './subscribe-popup-context';

const SubscribePopup = lazy(() => import('./subscribe-popup'));

/** Renders the popup while it is open. */
export function SubscribePopupHost() {
  const { open } = useSubscribePopup();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SubscribePopup />
    </Suspense>
  );
}

/** Starts loading the popup's code before it is needed (on hover or focus of a trigger). */
export function preloadSubscribePopup(): void {
  void import('./subscribe-popup');
}
