import type { ReactNode } from 'react';
import { Page } from '@tca/ui';
import { useShownLang } from './lists/messages.js';

/**
 * A value that stays as written (a level's or product's name, an id, a person's words) marked lang="en"
 * on a page not in English, so screen readers read it as English; in English, the value alone.
 */
export function AsWritten({ children }: { children: ReactNode }) {
  return useShownLang() === 'en' ? <>{children}</> : <span lang="en">{children}</span>;
}

const TAMIL_SCRIPT = /[\u0B80-\u0BFF]/;

/**
 * A sentence holding a value that stays as written ("Gold-Single membership"): on a page not in English the
 * value's part is marked (its first occurrence); in English, the sentence alone.
 */
export function WithWritten({ text, written }: { text: string; written: string }) {
  const at = written ? text.indexOf(written) : -1;
  // A value written in Tamil script (a member's name, say) is not English: nothing to mark.
  if (useShownLang() === 'en' || at < 0 || TAMIL_SCRIPT.test(written)) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span lang="en">{written}</span>
      {text.slice(at + written.length)}
    </>
  );
}

/** A page whose title holds a value as written (a ticket's reference, an order's number): marked lang="en" on a page not in English. */
export function TitledPage({ title, written, lead, children }: { title: string; written: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <Page title={useShownLang() === 'en' ? title : <WithWritten text={title} written={written} />} lead={lead}>
      {children}
    </Page>
  );
}
