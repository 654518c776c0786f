/**
 * What the app imports as 'react-router-dom' (a plugin in vite.config.ts resolves that name to
 * this module for every other importer, in the build, the dev server and the tests alike): the
 * whole library, with <Link> and <NavLink> replaced by declarative-mode versions.
 *
 * Why: react-router 7's own <Link> carries framework-mode machinery this app cannot use under
 * <BrowserRouter> (prefetching route modules and data, lazy route discovery, view transitions),
 * ~8 kB minified that a bundler cannot drop because it sits in the same function. The library is
 * one module, so whatever any lazy page uses ships with the home page's first load. These two
 * keep what declarative routing does: the href, client-side navigation on a plain left click
 * (modifier keys, other targets and downloads are left to the browser), replace/state/relative,
 * absolute URLs (same-origin ones navigate in the app, others are ordinary links), and
 * NavLink's active matching, class names and aria-current. Framework-only props (prefetch,
 * discover, viewTransition, mask) are accepted and ignored, as they are without a data router.
 */
import { use, type MouseEvent, type Ref } from 'react';
import {
  UNSAFE_NavigationContext,
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type LinkProps,
  type NavLinkProps,
  type NavLinkRenderProps,
  type To,
} from 'react-router-dom';

export * from 'react-router-dom';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** An absolute URL on this origin navigates inside the app; any other is external. */
function splitAbsolute(to: To, basename: string): { to: To; external: string | null } {
  if (typeof to !== 'string' || !ABSOLUTE_URL.test(to)) return { to, external: null };
  try {
    const here = new URL(window.location.href);
    const target = new URL(to, here);
    const base = basename === '/' ? '' : basename.replace(/\/$/, '');
    const inApp =
      target.origin === here.origin &&
      (base === '' || target.pathname === base || target.pathname.startsWith(`${base}/`));
    if (inApp) {
      return {
        to: (target.pathname.slice(base.length) || '/') + target.search + target.hash,
        external: null,
      };
    }
  } catch {
    // Not a URL after all: leave it to the browser.
  }
  return { to, external: to };
}

type LinkElementProps = LinkProps & { ref?: Ref<HTMLAnchorElement> };

export function Link({
  onClick,
  relative,
  reloadDocument,
  replace,
  state,
  target,
  to: toProp,
  preventScrollReset,
  // Framework-mode props: meaningless without a data router.
  discover: _discover,
  prefetch: _prefetch,
  viewTransition: _viewTransition,
  mask: _mask,
  ...rest
}: LinkElementProps) {
  const { basename, useTransitions } = use(UNSAFE_NavigationContext) as {
    basename: string;
    useTransitions?: boolean;
  };
  const { to, external } = splitAbsolute(toProp, basename);
  const href = useHref(to, { relative });
  const navigate = useLinkClickHandler(to, {
    replace,
    state,
    target,
    preventScrollReset,
    relative,
    useTransitions,
  });
  const spa = external === null && !reloadDocument;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return (
    <a {...rest} href={external ?? href} onClick={spa ? handleClick : onClick} target={target} />
  );
}

type NavLinkElementProps = NavLinkProps & { ref?: Ref<HTMLAnchorElement> };

export function NavLink({
  'aria-current': ariaCurrentProp = 'page',
  caseSensitive = false,
  className: classNameProp = '',
  end = false,
  style: styleProp,
  to,
  children,
  ...rest
}: NavLinkElementProps) {
  const path = useResolvedPath(to, { relative: rest.relative });
  const location = useLocation();
  const { navigator } = use(UNSAFE_NavigationContext) as {
    navigator: { encodeLocation?: (to: To) => { pathname: string } };
  };
  let toPathname = navigator.encodeLocation
    ? navigator.encodeLocation(path).pathname
    : path.pathname;
  let locationPathname = location.pathname;
  if (!caseSensitive) {
    locationPathname = locationPathname.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlash =
    toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlash) === '/');
  // Pending and transitioning states need a data router; under <BrowserRouter> they are false.
  const renderProps: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp;
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? ariaCurrentProp : undefined}
      className={className}
      style={style}
    >
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  );
}
