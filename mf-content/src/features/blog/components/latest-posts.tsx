import { Link } from '@tca/ui/router';
import { blogPostPath, excerpt, LATEST_POSTS_COUNT, paths } from '@tca/contracts';
import { formatPostDate } from '../blog-logic.js';
import { StoredImage } from '../../../shared/stored-image.js';
import { EmptyMessage, ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { useContent } from '../../../shared/content/use-content.js';
import styles from '../../../shared/home-sections.module.css';
import { getLatestPosts } from '../api/get-latest-posts.js';

/** The 3 latest blog posts (spec §9, from `GET /blog/latest`: no bodies), each card linking to its post. */
export function LatestPosts() {
  const { state, retry } = useContent(getLatestPosts);
  return (
    <section className={styles.section} aria-labelledby="latest-posts-title">
      <div className={styles.sectionHead}>
        <h2 id="latest-posts-title" className={styles.heading}>
          Latest from our Blog
        </h2>
        <Link to={paths.blog} className={styles.more}>
          All blog posts
        </Link>
      </div>
      {state.status === 'loading' ? <LoadingMessage>Loading blog posts…</LoadingMessage> : null}
      {state.status === 'error' ? <ErrorMessage message="Error loading blogs" onRetry={retry} /> : null}
      {state.status === 'ready' && state.data.length === 0 ? <EmptyMessage>No blogs found</EmptyMessage> : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul className={styles.posts}>
          {state.data.slice(0, LATEST_POSTS_COUNT).map((post) => (
            <li key={post._id} className={styles.postCard}>
              <StoredImage src={post.image} meta={post.imageMeta} sizes="(max-width: 760px) 100vw, 360px" className={styles.postImage} />
              <div className={styles.postBody}>
                <time className={styles.meta} dateTime={post.date}>
                  {formatPostDate(post.date)}
                </time>
                <h3 className={styles.postTitle}>
                  <Link to={blogPostPath(post._id)} className={styles.cardLink}>
                    {post.name}
                  </Link>
                </h3>
                <p className={styles.postExcerpt}>{excerpt(post.excerpt, 120)}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
