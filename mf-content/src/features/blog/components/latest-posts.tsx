import { Link } from '@tca/ui/router';
import { blogPostPath, excerpt, LATEST_POSTS_COUNT, paths, type BlogSummary } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';
import { formatPostDate } from '../blog-logic.js';
import { blogBriefCatalog } from '../brief/messages.js';
import { StoredImage } from '../../../shared/stored-image.js';
import { EmptyMessage, ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { useContent } from '../../../shared/content/use-content.js';
import styles from '../../../shared/home-sections.module.css';
import { getLatestPosts } from '../api/get-latest-posts.js';

/** The 3 latest blog posts (spec §9, from `GET /blog/latest`: no bodies), each card linking to its post. */
export function LatestPosts() {
  const { state, retry } = useContent(getLatestPosts);
  const t = useT(blogBriefCatalog);
  return (
    <section className={styles.section} aria-labelledby="latest-posts-title">
      <div className={styles.sectionHead}>
        <h2 id="latest-posts-title" className={styles.heading}>
          {t('latest')}
        </h2>
        <Link to={paths.blog} className={styles.more}>
          {t('latest.all')}
        </Link>
      </div>
      {state.status === 'loading' ? <LoadingMessage>{t('loading')}</LoadingMessage> : null}
      {state.status === 'error' ? <ErrorMessage message={t('failed')} onRetry={retry} /> : null}
      {state.status === 'ready' && state.data.length === 0 ? <EmptyMessage>{t('none')}</EmptyMessage> : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul className={styles.posts}>
          {state.data.slice(0, LATEST_POSTS_COUNT).map((post) => (
            <LatestPost key={post._id} post={post} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One of the latest posts: its title and excerpt in Tamil where it has them. */
function LatestPost({ post }: { post: BlogSummary }) {
  const lang = useLang();
  const name = pickText(post.name, post.ta?.name, lang);
  const summary = pickText(post.excerpt, post.ta?.excerpt, lang);
  return (
    <li className={styles.postCard}>
      <StoredImage src={post.image} meta={post.imageMeta} sizes="(max-width: 760px) 100vw, 360px" className={styles.postImage} />
      <div className={styles.postBody}>
        <time className={styles.meta} dateTime={post.date}>
          {formatPostDate(post.date, lang)}
        </time>
        <h3 className={styles.postTitle} lang={name.lang}>
          <Link to={blogPostPath(post._id)} className={styles.cardLink}>
            {name.text}
          </Link>
        </h3>
        <p className={styles.postExcerpt} lang={summary.lang}>
          {excerpt(summary.text, 120)}
        </p>
      </div>
    </li>
  );
}
