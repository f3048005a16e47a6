import { paths, type StaffPostSummary } from '@tca/contracts';
import { Link } from '@tca/ui/router';
import { listPosts } from '../api/list-posts.js';
import { EditCell, LabelledCell, StaffListPanel, StaffRows } from '../../../shared/staff-list-panel.js';
import { statusText, timeText } from '../post-form.js';
import styles from '../../../shared/staff.module.css';

export const postEditorPath = (key: string) => `/staff/posts/${encodeURIComponent(key)}`;

const nouns = { one: 'post', many: 'posts' };

/** /staff/posts: every post with its status, and New post. */
export function PostsPanel() {
  return (
    <StaffListPanel title="Blog posts" lead="Write, schedule, publish and unpublish the posts of the blog." nouns={nouns} newPath={paths.staffPostNew} load={listPosts} answerName="a post list">
      {(answer) => <PostRows posts={answer.posts} />}
    </StaffListPanel>
  );
}

/** The posts as rows (a list at every width: one column on a phone). */
export function PostRows({ posts, timeZone }: { posts: readonly StaffPostSummary[]; timeZone?: string }) {
  return (
    <StaffRows items={posts} nouns={nouns} firstHint="Write the first with New post." keyOf={(post) => post.key}>
      {(post) => (
        <>
          <div>
            <p className={styles.name}>
              <Link to={postEditorPath(post.key)}>{post.title}</Link>
            </p>
            <span className={styles.since}>Date {post.date}</span>
          </div>
          <LabelledCell label="Status">
            <span className={post.status === 'published' ? styles.ok : styles.badge}>{statusText(post, timeZone)}</span>
          </LabelledCell>
          <LabelledCell label="Updated">
            <span>{timeText(post.updatedAt, 'en-AU', timeZone)}</span>
          </LabelledCell>
          <EditCell to={postEditorPath(post.key)} name={post.title} />
        </>
      )}
    </StaffRows>
  );
}
