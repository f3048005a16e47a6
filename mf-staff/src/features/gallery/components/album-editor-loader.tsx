import { useCallback } from 'react';
import { paths } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { getAlbum } from '../api/album-calls.js';
import { galleryCatalog } from '../messages.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { AlbumEditor } from './album-editor.js';
import styles from '../../../shared/staff.module.css';

/** /staff/gallery/:key: loads the album, then its editor (a 404 says the album is not there). */
export function AlbumEditorLoader({ albumKey }: { albumKey: string }) {
  const t = useT(galleryCatalog);
  const call = useCallback((token: string, signal: AbortSignal) => getAlbum(token, albumKey, signal), [albumKey]);
  const { load, reload } = useStaffLoad(call, 'an album');
  if (load.kind === 'ready') return <AlbumEditor album={load.answer.album} reload={reload} />;
  return (
    <Page title={t('load.title')}>
      {load.kind === 'loading' ? <Spinner label={t('load.loading')} /> : null}
      {load.kind === 'failed' ? (
        <LoadFailure title={load.status === 404 ? t('load.missing') : t('load.failed')} detail={load.detail} onRetry={load.status === 404 ? undefined : reload} />
      ) : null}
      <p className={styles.actions}>
        <Link to={paths.staffGallery} className={styles.secondary}>
          {t('back')}
        </Link>
      </p>
    </Page>
  );
}
