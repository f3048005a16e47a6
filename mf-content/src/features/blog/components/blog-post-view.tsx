import { Link } from '@tca/ui/router';
import { paths, type BlogPost } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';
import { formatPostDate, similarPosts } from '../blog-logic.js';
import { blogCatalog } from '../messages.js';
import { demoteHeadings } from '../demote-headings.js';
import { PostCard } from './post-card.js';
import styles from '../blog.module.css';
import { ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { StoredImage } from '../../../shared/stored-image.js';
import { useContent } from '../../../shared/content/use-content.js';
import { getBlogPosts } from '../api/get-blog-posts.js';

/**
 * One post by its id, a link back to /blog, and up to 3 similar posts; Blog post not found, or the
 * load's error with Retry. The h1 stays "Blog Post"; the post's own title is its h2.
 */
export function BlogPostView({ id }: { id: string }) {
  const { state, retry } = useContent(getBlogPosts);
  const t = useT(blogCatalog);

  let body;
  if (state.status === 'loading') body = <LoadingMessage>{t('post.loading')}</LoadingMessage>;
  else if (state.status === 'error') body = <ErrorMessage message={t('post.failed')} onRetry={retry} />;
  else {
    const post = state.data.find((candidate) => candidate._id === id);
    body = post ? (
      <PostView post={post} similar={similarPosts(state.data, post)} />
    ) : (
      <div className={styles.notFound}>
        <h2 className={styles.notFoundTitle}>{t('post.missing')}</h2>
        <p>{t('post.gone')}</p>
      </div>
    );
  }

  return (
    <section className={styles.postPage} aria-labelledby="page-title">
      <Link to={paths.blog} className={styles.back}>
        {t('post.back')}
      </Link>
      <h1 id="page-title" className={styles.eyebrow}>
        {t('post.eyebrow')}
      </h1>
      {body}
    </section>
  );
}

/** The post in Tamil where it has a Tamil title and body (each on its own: an English one is marked lang="en"). */
function PostView({ post, similar }: { post: BlogPost; similar: BlogPost[] }) {
  const t = useT(blogCatalog);
  const lang = useLang();
  const name = pickText(post.name, post.ta?.name, lang);
  const html = pickText(post.html, post.ta?.html, lang);
  return (
    <>
      <article className={styles.article} aria-labelledby="post-title">
        <header className={styles.articleHead}>
          <h2 id="post-title" className={styles.postTitle} lang={name.lang}>
            {name.text}
          </h2>
          <time className={styles.date} dateTime={post.date}>
            {formatPostDate(post.date, lang)}
          </time>
        </header>
        {post.image ? (
          <StoredImage src={post.image} meta={post.imageMeta} sizes="(max-width: 860px) 100vw, 820px" eager className={styles.hero} />
        ) : null}
        {/* `html` (and the Tamil `ta.html`) is the body rendered and sanitised by the content service (the only HTML a page inserts; `desc` never is); its headings move below the post title. */}
        <div className={styles.prose} lang={html.lang} dangerouslySetInnerHTML={{ __html: demoteHeadings(html.text) }} />
      </article>

      {similar.length > 0 ? (
        <section className={styles.similar} aria-labelledby="similar-title">
          <h2 id="similar-title" className={styles.similarTitle}>
            {t('similar')}
          </h2>
          <ul className={styles.grid}>
            {similar.map((other) => (
              <PostCard key={other._id} post={other} level="h3" teaserLength={100} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
