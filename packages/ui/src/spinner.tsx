import { useEffect, useReducer } from 'react';
import { translator, useLang } from '@tca/ui/i18n';
import { uiCatalog } from './messages.js';

interface SpinnerProps {
  label?: string;
}

/**
 * The page spinner of spec §2.1: a ring and the text "Loading...". It is what Suspense boundaries
 * show, so it never suspends itself: until the shown language's texts are loaded it reads English.
 */
export function Spinner({ label }: SpinnerProps) {
  const lang = useLang();
  const [, textsLoaded] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!uiCatalog.loaded(lang)) uiCatalog.load(lang).then(textsLoaded, () => undefined);
  }, [lang]);
  return (
    <div className="tca-spinner" role="status" aria-live="polite">
      <span className="tca-spinner__ring" aria-hidden="true" />
      <span className="tca-spinner__label">{label ?? translator(uiCatalog)('loading')}</span>
    </div>
  );
}
