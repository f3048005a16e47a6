import type { ReactNode } from 'react';
import { Toaster } from '@tca/ui';
import { Footer } from '../frame/footer.js';
import { Header } from '../frame/header.js';
import styles from './layout.module.css';

/** The frame around every page: skip link, header, the page in <main>, footer, toasts. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className={styles.main}>
        {children}
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
