import { useCallback, useEffect, useRef, useState } from 'react';
import { isRejectedToken } from '@tca/ui/api';
import { readToken } from '@tca/ui/session';
import { translator } from '@tca/ui/i18n';
import { endSession } from '@tca/ui/session-end';
import { failureText } from '../../shared/failure-text.js';
import { listAuditPage } from './api/list-audit-page.js';
import { auditCatalog } from './messages.js';
import { addPage, NO_FILTERS, pageQuery, sourceLabel, sourcesToLoad, startFeed, type AuditFeed, type AuditFilters, type AuditSource } from './audit-feed.js';

export interface AuditFeedState {
  filters: AuditFilters;
  feed: AuditFeed;
  /** True while pages are asked. */
  loading: boolean;
  /** Why the last pages could not be loaded (Try again asks them again). */
  failure: string | null;
}

/**
 * The merged audit log on the page: `apply` starts over with new filters, `showOlder` asks the next page of
 * the sources that ran out, `retry` repeats what failed. A session the server no longer accepts ends the
 * browser session.
 */
export function useAuditFeed() {
  const [state, setState] = useState<AuditFeedState>({ filters: NO_FILTERS, feed: startFeed(NO_FILTERS), loading: true, failure: null });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(async (filters: AuditFilters, feed: AuditFeed, sources: AuditSource[]) => {
    controller.current?.abort();
    const token = readToken();
    if (!token) {
      void endSession('rejected');
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setState({ filters, feed, loading: true, failure: null });
    const results = await Promise.all(sources.map(async (source) => ({ source, result: await listAuditPage(source, pageQuery(source, filters, feed), token, current.signal) })));
    if (current.signal.aborted) return;
    let next = feed;
    const failures: string[] = [];
    for (const { source, result } of results) {
      if (isRejectedToken(result)) {
        void endSession('rejected');
        return;
      }
      if (result.kind !== 'ok') failures.push(`${sourceLabel(source)}: ${failureText(result)}`);
      else if (!result.answer) failures.push(translator(auditCatalog)('failed.unreadable', { source: sourceLabel(source) }));
      else next = addPage(next, source, result.answer);
    }
    setState({ filters, feed: next, loading: false, failure: failures.length > 0 ? failures.join(' ') : null });
  }, []);

  useEffect(() => {
    void load(NO_FILTERS, startFeed(NO_FILTERS), Object.keys(startFeed(NO_FILTERS)) as AuditSource[]);
    return () => controller.current?.abort();
  }, [load]);

  const apply = useCallback(
    (filters: AuditFilters) => {
      const feed = startFeed(filters);
      void load(filters, feed, Object.keys(feed) as AuditSource[]);
    },
    [load],
  );
  const showOlder = useCallback(() => void load(state.filters, state.feed, sourcesToLoad(state.feed)), [load, state.filters, state.feed]);
  return { state, apply, showOlder, retry: showOlder };
}
