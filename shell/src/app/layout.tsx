import type { ReactNode } from 'react';
import { Toaster } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Footer } from '../frame/footer.js';
import { Header } from '../frame/header.js';
import { frameCatalog } from '../frame/messages.js';
import styles from './layout.module.css';

/** The frame around every page: skip link, header, the page in <main>, footer, toasts. */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT(frameCatalog);
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#main">
        {t('skip')}
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
