/**
 * The one modal shell: role="dialog", aria-modal, labelled by its title, Escape and backdrop
 * close it, page scroll is locked, focus is trapped inside and restored to where it was.
 * Used by the subscribe popup, the sign-in dialog and the user menu's sidebar and overlay.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

export type DialogPlacement =
  'center' | 'top' | 'header' | 'below-header' | 'sidebar-right' | 'sidebar-left';

export interface DialogProps {
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  placement?: DialogPlacement;
  /** Dim the page behind; clicks on the backdrop close either way. */
  backdrop?: boolean;
  /** Focused on open; defaults to the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

// Nested dialogs (a confirmation inside a popup) share one scroll lock.
let scrollLocks = 0;

function lockScroll(): () => void {
  scrollLocks += 1;
  document.body.classList.add('is-scroll-locked');
  return () => {
    scrollLocks = Math.max(0, scrollLocks - 1);
    if (scrollLocks === 0) document.body.classList.remove('is-scroll-locked');
  };
}

export function Dialog({
  labelledBy,
  describedBy,
  onClose,
  placement = 'center',
  backdrop = true,
  initialFocus,
  className,
  children,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    const panel = panelRef.current;
    if (panel) {
      const target = initialFocus?.current ?? focusableIn(panel)[0] ?? panel;
      target.focus();
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const items = focusableIn(panelRef.current);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panelRef.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panelRef.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      unlock();
      // Give focus back to whatever opened the dialog, if it is still on the page.
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // initialFocus is read once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <div className={`dialog dialog--${placement}`} data-testid="dialog-layer">
      <div
        className={`dialog__backdrop${backdrop ? ' dialog__backdrop--dim' : ''}`}
        data-testid="dialog-backdrop"
        aria-hidden="true"
        onClick={() => onCloseRef.current()}
      />
      <div
        ref={panelRef}
        className={`dialog__panel${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** The round close button in a dialog's corner. */
export function DialogCloseButton({
  onClick,
  label = 'Close',
}: {
  onClick: () => void;
  label?: string;
}) {
  return (
    <button type="button" className="dialog__close" onClick={onClick} aria-label={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M6 6l12 12M18 6L6 18"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}
