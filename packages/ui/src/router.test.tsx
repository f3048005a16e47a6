import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { isActivePath, Link, MemoryRouter, NavLink, Route, Routes, useLocation, useParams, useSearchParams } from './router.js';

const at = (path: string, node: React.ReactNode, state?: unknown) =>
  renderToStaticMarkup(<MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>{node}</MemoryRouter>);

function Show() {
  const location = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  return <output>{JSON.stringify({ pathname: location.pathname, search: location.search, state: location.state, params, q: search.get('q') })}</output>;
}

const shown = (html: string) => JSON.parse(/<output>(.*)<\/output>/.exec(html.replace(/&quot;/g, '"'))?.[1] ?? 'null') as Record<string, unknown>;

const table = (
  <Routes>
    <Route path="/" element={<p>home</p>} />
    <Route path="/blog" element={<p>blog</p>} />
    <Route path="/blog/:id" element={<Show />} />
    <Route path="/terms&conditions" element={<p>terms</p>} />
    <Route path="*" element={<p>not found</p>} />
  </Routes>
);

test('routes match as React Router matched them: first match, any letter case, an optional trailing slash, * for the rest', () => {
  assert.equal(at('/', table), '<p>home</p>');
  assert.equal(at('/blog', table), '<p>blog</p>');
  assert.equal(at('/Blog/', table), '<p>blog</p>');
  assert.equal(at('/terms&conditions', table), '<p>terms</p>');
  assert.equal(at('/nope/deeper', table), '<p>not found</p>');
});

test('a route gets its named parameters (decoded, no positional ones), the query and the navigation state', () => {
  assert.deepEqual(shown(at('/blog/hello%20world', table)), { pathname: '/blog/hello world', search: '', state: null, params: { id: 'hello world' }, q: null });
  const withState = renderToStaticMarkup(
    <MemoryRouter initialEntries={[{ pathname: '/blog/x', search: '?q=tamil', state: { view: 'reset' } }]}>{table}</MemoryRouter>,
  );
  assert.deepEqual(shown(withState), { pathname: '/blog/x', search: '?q=tamil', state: { view: 'reset' }, params: { id: 'x' }, q: 'tamil' });
});

test('a NavLink knows its page; `end` keeps it to the exact path', () => {
  const nav = (
    <>
      <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Home
      </NavLink>
      <NavLink to="/about" className={({ isActive }) => (isActive ? 'on' : 'off')}>
        About
      </NavLink>
    </>
  );
  assert.equal(at('/about/team', nav), '<a href="/" class="off">Home</a><a aria-current="page" href="/about" class="on">About</a>');
  assert.equal(at('/', nav), '<a aria-current="page" href="/" class="on">Home</a><a href="/about" class="off">About</a>');
});

test('a link to another tab is a plain link', () => {
  assert.equal(at('/', <Link to="/terms&conditions" target="_blank" rel="noopener">Terms</Link>), '<a rel="noopener" href="/terms&amp;conditions" target="_blank">Terms</a>');
});

test('active paths ignore a trailing slash and letter case; "/" is only active on itself', () => {
  assert.equal(isActivePath('/About/', '/about'), true);
  assert.equal(isActivePath('/about/team', '/about'), true);
  assert.equal(isActivePath('/about/team', '/about', true), false);
  assert.equal(isActivePath('/aboutus', '/about'), false);
  assert.equal(isActivePath('/blog', '/'), false);
});
