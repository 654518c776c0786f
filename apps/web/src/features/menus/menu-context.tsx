/** The one global active menu (mobile, blog, user or none); toggling the open one closes it. */
import { toggleMenu, type ActiveMenu } from '@quillpost/domain';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';

export type OpenableMenu = Exclude<ActiveMenu, 'none'>;

export interface MenuContextValue {
  active: ActiveMenu;
  toggle(menu: OpenableMenu): void;
  close(): void;
}

const MenuContext = createContext<MenuContextValue | null>(null);

export function MenuProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState<ActiveMenu>('none');
  const { pathname } = useLocation();

  // Following a link closes whatever menu led there.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setActive('none');
  }

  const toggle = useCallback(
    (menu: OpenableMenu) => setActive((current) => toggleMenu(current, menu)),
    [],
  );
  const close = useCallback(() => setActive('none'), []);
  const value = useMemo(() => ({ active, toggle, close }), [active, toggle, close]);
  return <MenuContext value={value}>{children}</MenuContext>;
}

export function useMenus(): MenuContextValue {
  const value = use(MenuContext);
  if (!value) throw new Error('useMenus must be used inside <MenuProvider>');
  return value;
}

/** Whether the page has scrolled beyond `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

/** The id of the mobile menu's panel, which its button controls (aria-controls). */
export const MOBILE_MENU_ID = 'mobile-menu';

/** The letter an avatar shows without a picture: the name's first, else the address's. */
export function initialOf(name: string | null | undefined, email: string | undefined): string {
  return (name?.trim() || email || '?').charAt(0).toUpperCase();
}
