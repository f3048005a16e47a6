import { useId, useRef } from 'react';
import { useSearchParams } from '@tca/ui/router';
import { newestFirst } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { filterPosts, resultsText } from '../blog-logic.js';
import { blogCatalog } from '../messages.js';
import { blogBriefCatalog } from '../brief/messages.js';
import { PostCard } from './post-card.js';
import styles from '../blog.module.css';
import { EmptyMessage, ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { useContent } from '../../../shared/content/use-content.js';
import { getBlogPosts } from '../api/get-blog-posts.js';

/** The blog list: the search (kept in ?q=) with its clear button and count, and the posts newest first. */
export function BlogPostList() {
  const { state, retry } = useContent(getBlogPosts);
  const t = useT(blogCatalog);
  const brief = useT(blogBriefCatalog);
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  const setQuery = (value: string) => setParams(value ? { q: value } : {}, { replace: true });

  const posts = state.status === 'ready' ? newestFirst(filterPosts(state.data, query)) : [];
  const total = state.status === 'ready' ? state.data.length : 0;

  return (
    <>
      <div role="search" className={styles.search}>
        <label htmlFor={inputId} className={styles.searchLabel}>
          {t('search')}
        </label>
        <div className={styles.searchField}>
          <input
            id={inputId}
            ref={input}
            type="search"
            className={styles.searchInput}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('search.hint')}
            autoComplete="off"
          />
          {query ? (
            <button
              type="button"
              className={styles.clear}
              aria-label={t('search.clear')}
              onClick={() => {
                setQuery('');
                input.current?.focus();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
      </div>

      <p className={styles.count} role="status">
        {state.status === 'ready' ? resultsText(t, posts.length, total, query) : ''}
      </p>

      {state.status === 'loading' ? <LoadingMessage>{brief('loading')}</LoadingMessage> : null}
      {state.status === 'error' ? <ErrorMessage message={brief('failed')} onRetry={retry} /> : null}
      {state.status === 'ready' && posts.length === 0 ? <EmptyMessage>{brief('none')}</EmptyMessage> : null}
      {posts.length > 0 ? (
        <ul className={styles.grid}>
          {posts.map((post, i) => (
            <PostCard key={post._id} post={post} eager={i < 3} />
          ))}
        </ul>
      ) : null}
    </>
  );
}
