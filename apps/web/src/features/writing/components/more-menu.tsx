/**
 * The actions used now and then, folded behind one button so the bar stays one row on a phone:
 * open it, pick one, and it closes (as it does on Escape or a tap elsewhere).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface MenuAction {
  label: string;
  onSelect?(): void;
  /** A submit button: the form's own check runs first (Save draft). */
  submit?: boolean;
  disabled?: boolean;
  danger?: boolean;
  expanded?: boolean;
}

export function MoreMenu({ actions, children }: { actions: MenuAction[]; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="writing-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--quiet writing-menu__button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen(!open)}
      >
        {children}
      </button>
      <ul id={`${id}-list`} className="writing-menu__list" hidden={!open}>
        {actions.map((action) => (
          <li key={action.label}>
            <button
              type={action.submit ? 'submit' : 'button'}
              className={`writing-menu__item${action.danger ? ' writing-menu__item--danger' : ''}`}
              disabled={action.disabled}
              aria-expanded={action.expanded}
              onClick={() => {
                setOpen(false);
                action.onSelect?.();
              }}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
