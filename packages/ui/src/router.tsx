import { createContext, useCallback, useContext, useMemo, type AnchorHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Link as WouterLink, Redirect, Route as WouterRoute, Router, Switch, useLocation as useWouterLocation, useParams as useWouterParams, useSearch, useSearchParams as useWouterSearchParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

/**
 * The routing every app uses (`@tca/ui/router`), shared as a Module Federation singleton so the shell
 * and every remote run in one router. It offers the parts of React Router's API the site uses, built on
 * wouter: React Router's components are module-level calls no bundler can drop, and a shared module is
 * never tree-shaken, so it cost every page's first load 13.5 KB gzip; wouter and this file cost about 3.
 * Paths match as React Router matched them: case-insensitive, an optional trailing slash, `:name`
 * parameters, `*` for anything; `<Routes>` renders its first matching `<Route>`.
 */

/** Where the browser is. `pathname` is decoded; `search` starts with '?' (or is empty). */
export interface Location {
  pathname: string;
  search: string;
  state: unknown;
}

/** A path, or its parts (navigation state goes in the options, as with React Router). */
export type To = string | { pathname?: string; search?: string; hash?: string };
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

/** The navigation state of a MemoryRouter's entry (tests render without a browser history). */
const MemoryState = createContext<{ state: unknown } | null>(null);

export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router>{children}</Router>;
}

type MemoryEntry = string | { pathname: string; search?: string; state?: unknown };

/**
 * A router fixed at `initialEntries[0]`, for rendering pages without a browser (tests render markup
 * with it); it does not navigate.
 */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: MemoryEntry[]; children: ReactNode }) {
  const first = initialEntries[0] ?? '/';
  const entry = typeof first === 'string' ? { pathname: first, search: '', state: null } : first;
  return (
    <MemoryState.Provider value={{ state: entry.state ?? null }}>
      <Router ssrPath={entry.pathname} ssrSearch={(entry.search ?? '').replace(/^\?/, '')}>
        {children}
      </Router>
    </MemoryState.Provider>
  );
}

export function Routes({ children }: { children: ReactNode }) {
  return <Switch>{children}</Switch>;
}

interface RouteProps {
  path?: string;
  element?: ReactNode;
}

/** One route of a `<Routes>`: `element` when `path` matches. */
export function Route({ path, element, ...fromSwitch }: RouteProps) {
  // `<Routes>` (wouter's Switch) hands the route its match in an extra prop, so it is not matched twice.
  return (
    <WouterRoute path={path} {...fromSwitch}>
      {element}
    </WouterRoute>
  );
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link that navigates in the page on a plain left click; a link to another tab or window is a plain link. */
export function Link({ to, replace, state, target, ...rest }: LinkProps) {
  if (target && target !== '_self') return <a {...rest} href={to} target={target} />;
  return <WouterLink {...rest} href={to} replace={replace} state={state} />;
}

/** Whether `pathname` is `target`, or (unless `end`) below it; a trailing slash and letter case do not count. */
export function isActivePath(pathname: string, target: string, end = false): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  const current = trim(pathname);
  const wanted = trim(target);
  if (current === wanted) return true;
  return !end && wanted !== '/' && current.startsWith(`${wanted}/`);
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this exact path, not on the paths below it. */
  end?: boolean;
  className?: string | ((props: { isActive: boolean }) => string | undefined);
}

/** A Link that knows whether it points at the current page (`aria-current="page"` and its class). */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const [pathname] = useWouterLocation();
  const isActive = isActivePath(pathname, rest.to, end);
  return <Link {...rest} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} />;
}

/** Goes to `to` as soon as it renders. */
export function Navigate({ to, replace = false, state }: { to: string; replace?: boolean; state?: unknown }) {
  return <Redirect to={to} replace={replace} state={state} />;
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  const memory = useContext(MemoryState);
  const historyState: unknown = useHistoryState();
  const state = memory ? memory.state : historyState;
  return useMemo(() => ({ pathname, search: search ? `?${search}` : '', state }), [pathname, search, state]);
}

export function useNavigate(): NavigateFunction {
  const [pathname, navigate] = useWouterLocation();
  return useCallback<NavigateFunction>(
    (to, options) => {
      if (typeof to === 'number') {
        window.history.go(to);
        return;
      }
      const path = typeof to === 'string' ? to : `${to.pathname ?? pathname}${to.search ?? ''}${to.hash ?? ''}`;
      navigate(path, { replace: options?.replace ?? false, state: options?.state ?? null });
    },
    [navigate, pathname],
  );
}

/** The named parameters of the route being rendered (`:id` → `id`), decoded. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  const params = useWouterParams() as Record<string, string | undefined>;
  return useMemo(() => Object.fromEntries(Object.entries(params).filter(([name]) => !/^\d+$/.test(name))), [params]);
}

/** The query string as URLSearchParams, and a setter that navigates to the same path with new ones. */
export function useSearchParams(): [URLSearchParams, (next: Record<string, string> | URLSearchParams | string, options?: NavigateOptions) => void] {
  const [params, setParams] = useWouterSearchParams();
  return [params, setParams];
}
