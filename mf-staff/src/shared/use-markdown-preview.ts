import { useEffect, useState } from 'react';
import type { ApiResult } from '@tca/ui/api';
import { translator } from '@tca/ui/i18n';
import { readToken } from '@tca/ui/session';
import { failureText } from './failure-text.js';
import { listsCatalog } from './lists/messages.js';

/** How long the text rests before its preview is asked for. */
export const PREVIEW_DELAY_MS = 600;

/**
 * The server's rendering of Markdown (`preview`: the service's preview call, a module function), asked for a
 * moment after the last keystroke (blank text is not sent); a failure keeps the last preview and says why in `note`.
 */
export function useMarkdownPreview(body: string, preview: (token: string, body: string, signal: AbortSignal) => Promise<ApiResult<{ html: string }>>): { html: string; note: string } {
  const [state, setState] = useState({ html: '', note: '' });
  useEffect(() => {
    const token = readToken();
    // Nothing to render: no call (a required text's own message is the form's to show).
    if (body.trim() === '') {
      setState({ html: '', note: '' });
      return;
    }
    if (!token) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void preview(token, body, controller.signal).then((result) => {
        if (controller.signal.aborted) return;
        if (result.kind === 'ok' && result.answer) setState({ html: result.answer.html, note: '' });
        else if (result.kind !== 'ok') setState((now) => ({ html: now.html, note: translator(listsCatalog)('preview.failed', { reason: failureText(result) }) }));
      });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, preview]);
  return state;
}
