import type { ReactNode } from 'react';
import { useShownLang } from '../messages.js';

/**
 * A value that stays as written (a level's or product's name, an id, a person's words) marked lang="en"
 * on a page not in English, so screen readers read it as English; in English, the value alone.
 */
export function AsWritten({ children }: { children: ReactNode }) {
  return useShownLang() === 'en' ? <>{children}</> : <span lang="en">{children}</span>;
}
