import { Link } from '@tca/ui/router';
import { blogPostPath, excerpt, type BlogPost } from '@tca/contracts';
import { useLang } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';
import { StoredImage } from '../../../shared/stored-image.js';
import { formatPostDate } from '../blog-logic.js';
import styles from '../blog.module.css';

interface PostCardProps {
  post: BlogPost;
  eager?: boolean;
  /** Heading level of the post's title inside the page. */
  level?: 'h2' | 'h3';
  teaserLength?: number;
}

/**
 * A post as a card: picture (a placeholder when missing or broken), date, title linking to the post, teaser;
 * the title and teaser in Tamil where the post has them (else English, marked lang="en" on a Tamil page).
 */
export function PostCard({ post, eager = false, level: Heading = 'h2', teaserLength = 150 }: PostCardProps) {
  const lang = useLang();
  const name = pickText(post.name, post.ta?.name, lang);
  const teaser = pickText(post.desc, post.ta?.desc, lang);
  return (
    <li className={styles.card}>
      <StoredImage src={post.image} meta={post.imageMeta} sizes="(max-width: 760px) 100vw, 360px" eager={eager} className={styles.cardImage} />
      <div className={styles.cardBody}>
        <time className={styles.date} dateTime={post.date}>
          {formatPostDate(post.date, lang)}
        </time>
        <Heading className={styles.cardTitle} lang={name.lang}>
          <Link to={blogPostPath(post._id)} className={styles.cardLink}>
            {name.text}
          </Link>
        </Heading>
        {teaserLength > 0 ? (
          <p className={styles.teaser} lang={teaser.lang}>
            {excerpt(teaser.text, teaserLength)}
          </p>
        ) : null}
      </div>
    </li>
  );
}
