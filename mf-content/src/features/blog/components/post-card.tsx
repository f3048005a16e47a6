import { Link } from '@tca/ui/router';
import { blogPostPath, type BlogPost } from '@tca/contracts';
import { StoredImage } from '../../../shared/stored-image.js';
import { excerpt } from '@tca/contracts';
import { formatPostDate } from '../blog-logic.js';
import styles from '../blog.module.css';

interface PostCardProps {
  post: BlogPost;
  eager?: boolean;
  /** Heading level of the post's title inside the page. */
  level?: 'h2' | 'h3';
  teaserLength?: number;
}

/** A post as a card: picture (a placeholder when missing or broken), date, title linking to the post, teaser. */
export function PostCard({ post, eager = false, level: Heading = 'h2', teaserLength = 150 }: PostCardProps) {
  return (
    <li className={styles.card}>
      <StoredImage src={post.image} meta={post.imageMeta} sizes="(max-width: 760px) 100vw, 360px" eager={eager} className={styles.cardImage} />
      <div className={styles.cardBody}>
        <time className={styles.date} dateTime={post.date}>
          {formatPostDate(post.date)}
        </time>
        <Heading className={styles.cardTitle}>
          <Link to={blogPostPath(post._id)} className={styles.cardLink}>
            {post.name}
          </Link>
        </Heading>
        {teaserLength > 0 ? <p className={styles.teaser}>{excerpt(post.desc, teaserLength)}</p> : null}
      </div>
    </li>
  );
}
