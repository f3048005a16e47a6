import { useCallback } from 'react';
import { paths } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { getAlbum } from '../api/album-calls.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { AlbumEditor } from './album-editor.js';
import styles from '../../../shared/staff.module.css';

/** /staff/gallery/:key: loads the album, then its editor (a 404 says the album is not there). */
export function AlbumEditorLoader({ albumKey }: { albumKey: string }) {
  const call = useCallback((token: string, signal: AbortSignal) => getAlbum(token, albumKey, signal), [albumKey]);
  const { load, reload } = useStaffLoad(call, 'an album');
  if (load.kind === 'ready') return <AlbumEditor album={load.answer.album} reload={reload} />;
  return (
    <Page title="Edit an album">
      {load.kind === 'loading' ? <Spinner label="Loading the album..." /> : null}
      {load.kind === 'failed' ? (
        <div role="alert">
          <p>
            <strong>{load.status === 404 ? 'There is no such album.' : 'The album could not be loaded.'}</strong> {load.detail}
          </p>
        </div>
      ) : null}
      <p className={styles.actions}>
        {load.kind === 'failed' && load.status !== 404 ? (
          <button type="button" className="tca-button" onClick={reload}>
            Try again
          </button>
        ) : null}
        <Link to={paths.staffGallery} className={styles.secondary}>
          Back to the gallery
        </Link>
      </p>
    </Page>
  );
}
