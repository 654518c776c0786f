/**
 * A link that opens a dialog once JavaScript runs (decision 0035): Subscribe to the subscribe
 * page, Sign In to the members area. The server renders a link, which works without JavaScript
 * and which src/islands/boot.ts turns into a button until its island is live; rendered in the
 * browser it is that button, with its own handler.
 */
import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

export function ActionLink({
  href,
  action,
  data = {},
  className,
  onAct,
  onPointerEnter,
  onFocus,
  children,
}: {
  href: string;
  /** What the boot does with it before its island is live (src/islands/boot.ts). */
  action: 'subscribe' | 'sign-in';
  /** The action's details for the boot, as `data-*` attributes. */
  data?: Record<string, string>;
  className: string;
  onAct(): void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const dataAttributes = Object.fromEntries(
    Object.entries(data).map(([name, value]) => [`data-${name}`, value]),
  );
  return (
    <a
      href={href}
      className={className}
      data-action={action}
      {...dataAttributes}
      role={hydrated ? 'button' : undefined}
      aria-haspopup={hydrated ? 'dialog' : undefined}
      onClick={(event) => {
        event.preventDefault();
        onAct();
      }}
      onPointerEnter={onPointerEnter}
      onFocus={onFocus}
    >
      {children}
    </a>
  );
}
