import type { Picked } from '../hooks/use-event-text.js';

/** A content text inside a sentence: marked lang="en" when it is the English fallback on a Tamil page. */
export function PickedText({ text, lang }: Picked) {
  return lang ? <span lang={lang}>{text}</span> : <>{text}</>;
}
