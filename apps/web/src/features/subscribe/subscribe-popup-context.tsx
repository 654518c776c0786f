/**
 * The global subscribe popup controller: any component opens it with a source (who asked), a
 * position and whether to dim the page. The popup itself is a lazy chunk, loaded on first open.
 */
import type { SubscribePopupPosition } from '@quillpost/domain';
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';

export interface SubscribePopupOptions {
  /** Who opened it, e.g. 'header' or 'home'; the header popup navigates to /signedup on success. */
  source: string;
  position?: SubscribePopupPosition;
  backdrop?: boolean;
}

export interface SubscribePopupState {
  open: boolean;
  source: string;
  position: SubscribePopupPosition;
  backdrop: boolean;
}

export interface SubscribePopupContextValue extends SubscribePopupState {
  openPopup(options: SubscribePopupOptions): void;
  closePopup(): void;
}

const CLOSED: SubscribePopupState = { open: false, source: '', position: 'center', backdrop: true };

const SubscribePopupContext = createContext<SubscribePopupContextValue | null>(null);

export function SubscribePopupProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SubscribePopupState>(CLOSED);
  const openPopup = useCallback((options: SubscribePopupOptions) => {
    setState({
      open: true,
      source: options.source,
      position: options.position ?? 'center',
      backdrop: options.backdrop ?? true,
    });
  }, []);
  const closePopup = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  const value = useMemo(
    () => ({ ...state, openPopup, closePopup }),
    [state, openPopup, closePopup],
  );
  return <SubscribePopupContext value={value}>{children}</SubscribePopupContext>;
}

export function useSubscribePopup(): SubscribePopupContextValue {
  const value = use(SubscribePopupContext);
  if (!value) throw new Error('useSubscribePopup must be used inside <SubscribePopupProvider>');
  return value;
}
