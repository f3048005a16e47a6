import { useCallback } from 'react';
import { paths } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { getPost } from '../api/get-post.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { PostEditor } from './post-editor.js';
import styles from '../../../shared/staff.module.css';

/** /staff/posts/:key: loads the post, then its editor (a 404 says the post is not there). */
export function PostEditorLoader({ postKey }: { postKey: string }) {
  const call = useCallback((token: string, signal: AbortSignal) => getPost(token, postKey, signal), [postKey]);
  const { load, reload } = useStaffLoad(call, 'a post');
  if (load.kind === 'ready') return <PostEditor post={load.answer.post} reload={reload} />;
  return (
    <Page title="Edit a post">
      {load.kind === 'loading' ? <Spinner label="Loading the post..." /> : null}
      {load.kind === 'failed' ? (
        <div role="alert">
          <p>
            <strong>{load.status === 404 ? 'There is no such post.' : 'The post could not be loaded.'}</strong> {load.detail}
          </p>
        </div>
      ) : null}
      <p className={styles.actions}>
        {load.kind === 'failed' && load.status !== 404 ? (
          <button type="button" className="tca-button" onClick={reload}>
            Try again
          </button>
        ) : null}
        <Link to={paths.staffPosts} className={styles.secondary}>
          Back to the posts
        </Link>
      </p>
    </Page>
  );
}
