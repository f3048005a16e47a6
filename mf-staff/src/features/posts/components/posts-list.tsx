import { paths, type StaffPostSummary } from '@tca/contracts';
import { INTL_LOCALE, useT } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';
import { Link } from '@tca/ui/router';
import { listPosts } from '../api/list-posts.js';
import { postsCatalog } from '../messages.js';
import { EditCell, LabelledCell, StaffListPanel, StaffRows } from '../../../shared/staff-list-panel.js';
import { statusText, timeText } from '../post-form.js';
import styles from '../../../shared/staff.module.css';
import { useListTexts, useShownLang } from '../../../shared/lists/messages.js';

export const postEditorPath = (key: string) => `/staff/posts/${encodeURIComponent(key)}`;

/** /staff/posts: every post with its status, and New post. */
export function PostsPanel() {
  const t = useT(postsCatalog);
  return (
    <StaffListPanel title={t('list.title')} lead={t('list.lead')} texts={useListTexts(postsCatalog)} newPath={paths.staffPostNew} load={listPosts} answerName="a post list">
      {(answer) => <PostRows posts={answer.posts} />}
    </StaffListPanel>
  );
}

/** The posts as rows (a list at every width: one column on a phone); a Tamil title when Tamil is shown and there is one. */
export function PostRows({ posts, timeZone }: { posts: readonly StaffPostSummary[]; timeZone?: string }) {
  const t = useT(postsCatalog);
  const lang = useShownLang();
  return (
    <StaffRows items={posts} texts={useListTexts(postsCatalog)} titleId="posts-title" keyOf={(post) => post.key}>
      {(post) => {
        const title = pickText(post.title, post.ta?.title, lang);
        return (
          <>
            <div>
              <p className={styles.name}>
                <Link to={postEditorPath(post.key)} lang={title.lang}>
                  {title.text}
                </Link>
              </p>
              <span className={styles.since}>{t('list.date', { date: post.date })}</span>
            </div>
            <LabelledCell label={t('list.status')}>
              <span className={post.status === 'published' ? styles.ok : styles.badge}>{statusText(post, timeZone)}</span>
            </LabelledCell>
            <LabelledCell label={t('list.updated')}>
              <span>{timeText(post.updatedAt, INTL_LOCALE[lang], timeZone)}</span>
            </LabelledCell>
            <EditCell to={postEditorPath(post.key)} name={title.text} nameLang={title.lang} />
          </>
        );
      }}
    </StaffRows>
  );
}
