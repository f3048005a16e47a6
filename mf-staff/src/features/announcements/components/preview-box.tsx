import styles from '../../../shared/staff.module.css';

/** The server's rendering of an announcement (identity's: raw HTML shown as text, only http(s)/mailto links). */
export function PreviewBox({ html, empty, lang }: { html: string; empty: string; lang?: 'en' | undefined }) {
  if (html === '') {
    return (
      <div className={styles.preview}>
        <p className={styles.muted}>{empty}</p>
      </div>
    );
  }
  // Safe to insert: identity renders it without raw HTML (announcement-markdown.ts), as the e-mail shows it.
  return <div className={styles.preview} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
