import { useCallback } from 'react';
import { paths, type StaffPostSummary } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { listPosts } from '../api/list-posts.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { statusText, timeText } from '../post-form.js';
import styles from '../../../shared/staff.module.css';

export const postEditorPath = (key: string) => `/staff/posts/${encodeURIComponent(key)}`;

/** /staff/posts: every post with its status, and New post. */
export function PostsPanel() {
  const call = useCallback((token: string, signal: AbortSignal) => listPosts(token, signal), []);
  const { load, reload } = useStaffLoad(call, 'a post list');
  return (
    <Page title="Blog posts" lead="Write, schedule, publish and unpublish the posts of the blog.">
      <p className={styles.actions}>
        <Link to={paths.staffPostNew} className="tca-button">
          New post
        </Link>
        <Link to={paths.staffHome} className={styles.secondary}>
          Back to the staff area
        </Link>
      </p>
      {load.kind === 'loading' ? <Spinner label="Loading the posts..." /> : null}
      {load.kind === 'failed' ? <LoadFailure title="The posts could not be loaded." detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? <PostRows posts={load.answer.posts} /> : null}
    </Page>
  );
}

/** The posts as rows (a list at every width: one column on a phone). */
export function PostRows({ posts, timeZone }: { posts: readonly StaffPostSummary[]; timeZone?: string }) {
  if (posts.length === 0) return <p className={styles.section}>There are no posts yet. Write the first with New post.</p>;
  return (
    <section className={styles.section} aria-labelledby="posts-title">
      <h2 id="posts-title" className={styles.sectionTitle}>
        {posts.length === 1 ? '1 post' : `${posts.length} posts`}
      </h2>
      <ul className={styles.rows}>
        {posts.map((post) => (
          <li key={post.key} className={styles.row}>
            <div>
              <p className={styles.name}>
                <Link to={postEditorPath(post.key)}>{post.title}</Link>
              </p>
              <span className={styles.since}>Date {post.date}</span>
            </div>
            <div>
              <span className={styles.label}>Status</span>
              <span className={post.status === 'published' ? styles.ok : styles.badge}>{statusText(post, timeZone)}</span>
            </div>
            <div>
              <span className={styles.label}>Updated</span>
              <span>{timeText(post.updatedAt, 'en-AU', timeZone)}</span>
            </div>
            <div className={styles.rowActions}>
              <Link to={postEditorPath(post.key)} className={styles.secondary} aria-label={`Edit ${post.title}`}>
                Edit
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
