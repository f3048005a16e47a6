import { Outlet } from '@tca/ui/router';
import { Toaster } from '@tca/ui';
import { Footer } from '../frame/footer.js';
import { Header } from '../frame/header.js';
import styles from './layout.module.css';

export function Layout() {
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
