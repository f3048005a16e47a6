import type { RemoteName, RemotePageId } from '@tca/contracts';
import { BrowserRouter, Route, Routes } from '@tca/ui/router';
import { NotFoundPage } from '../frame/not-found-page.js';
import { RemotePage } from '../remotes/remote-page.js';
import { Layout } from './layout.js';
import { ROUTES } from './route-table.js';

export function App() {
  return (
    <BrowserRouter>
      <Layout>
        <Routes>
          {ROUTES.map((route) => (
            <Route
              key={route.page}
              path={route.path}
              element={<RemotePage remote={route.remote} page={route.page as RemotePageId<RemoteName>} showLoader={route.showLoader} />}
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Layout>
    </BrowserRouter>
  );
}
