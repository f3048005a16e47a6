import { useCallback } from 'react';
import { paths, type StaffAlbumSummary } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { listAlbums } from '../api/album-calls.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import styles from '../../../shared/staff.module.css';
import gallery from '../gallery.module.css';

export const albumEditorPath = (key: string) => `/staff/gallery/${encodeURIComponent(key)}`;

/** /staff/gallery: every album (newest date first, as the public gallery) and New album. */
export function AlbumsPanel() {
  const call = useCallback((token: string, signal: AbortSignal) => listAlbums(token, signal), []);
  const { load, reload } = useStaffLoad(call, 'an album list');
  return (
    <Page title="Gallery" lead="The albums of the public gallery: their names, dates, photos, alt text and photo order.">
      <p className={styles.actions}>
        <Link to={paths.staffAlbumNew} className="tca-button">
          New album
        </Link>
        <Link to={paths.staffHome} className={styles.secondary}>
          Back to the staff area
        </Link>
      </p>
      {load.kind === 'loading' ? <Spinner label="Loading the albums..." /> : null}
      {load.kind === 'failed' ? <LoadFailure title="The albums could not be loaded." detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? <AlbumRows albums={load.answer.albums} /> : null}
    </Page>
  );
}

/** The albums as rows (a list at every width: one column on a phone). */
export function AlbumRows({ albums }: { albums: readonly StaffAlbumSummary[] }) {
  if (albums.length === 0) return <p className={styles.section}>There are no albums yet. Start the first with New album.</p>;
  return (
    <section className={styles.section} aria-labelledby="albums-title">
      <h2 id="albums-title" className={styles.sectionTitle}>
        {albums.length === 1 ? '1 album' : `${albums.length} albums`}
      </h2>
      <ul className={styles.rows}>
        {albums.map((album) => (
          <li key={album.key} className={`${styles.row} ${gallery.albumRow}`}>
            <div className={gallery.albumName}>
              {album.thumbUrl ? <img className={gallery.albumThumb} src={album.thumbUrl} alt="" width={64} height={48} /> : <span className={gallery.albumThumb} aria-hidden="true" />}
              <p className={styles.name}>
                <Link to={albumEditorPath(album.key)}>{album.name}</Link>
              </p>
            </div>
            <div>
              <span className={styles.label}>Date</span>
              <span>{album.date}</span>
            </div>
            <div>
              <span className={styles.label}>Photos</span>
              <span>{album.photoCount}</span>
            </div>
            <div className={styles.rowActions}>
              <Link to={albumEditorPath(album.key)} className={styles.secondary} aria-label={`Edit ${album.name}`}>
                Edit
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
