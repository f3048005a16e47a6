/**
 * The parts of React Router the site uses, as the one module every app imports routing from
 * (`@tca/ui/router`). It is shared as a Module Federation singleton, so the shell and every remote
 * run inside one router context; sharing this small facade rather than react-router itself lets the
 * bundler leave out the rest of the library (data routers, server rendering), which a shared
 * package never gets tree-shaken of.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, NavLinkProps, LinkProps } from 'react-router';
