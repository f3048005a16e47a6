import { paths, type StaffAlbumSummary } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';
import { Link } from '@tca/ui/router';
import { listAlbums } from '../api/album-calls.js';
import { galleryCatalog } from '../messages.js';
import { EditCell, LabelledCell, StaffListPanel, StaffRows } from '../../../shared/staff-list-panel.js';
import styles from '../../../shared/staff.module.css';
import gallery from '../gallery.module.css';
import { useListTexts, useShownLang } from '../../../shared/lists/messages.js';

export const albumEditorPath = (key: string) => `/staff/gallery/${encodeURIComponent(key)}`;

/** /staff/gallery: every album (newest date first, as the public gallery) and New album. */
export function AlbumsPanel() {
  const t = useT(galleryCatalog);
  return (
    <StaffListPanel title={t('list.title')} lead={t('list.lead')} texts={useListTexts(galleryCatalog)} newPath={paths.staffAlbumNew} load={listAlbums} answerName="an album list">
      {(answer) => <AlbumRows albums={answer.albums} />}
    </StaffListPanel>
  );
}

/** The albums as rows (a list at every width: one column on a phone); the Tamil name when Tamil is shown and there is one. */
export function AlbumRows({ albums }: { albums: readonly StaffAlbumSummary[] }) {
  const t = useT(galleryCatalog);
  const lang = useShownLang();
  return (
    <StaffRows items={albums} texts={useListTexts(galleryCatalog)} titleId="albums-title" keyOf={(album) => album.key} rowClassName={gallery.albumRow}>
      {(album) => {
        const name = pickText(album.name, album.ta?.name, lang);
        return (
          <>
            <div className={gallery.albumName}>
              {album.thumbUrl ? <img className={gallery.albumThumb} src={album.thumbUrl} alt="" width={64} height={48} /> : <span className={gallery.albumThumb} aria-hidden="true" />}
              <p className={styles.name}>
                <Link to={albumEditorPath(album.key)} lang={name.lang}>
                  {name.text}
                </Link>
              </p>
            </div>
            <LabelledCell label={t('list.date')}>
              <span>{album.date}</span>
            </LabelledCell>
            <LabelledCell label={t('list.photos')}>
              <span>{album.photoCount}</span>
            </LabelledCell>
            <EditCell to={albumEditorPath(album.key)} name={name.text} nameLang={name.lang} />
          </>
        );
      }}
    </StaffRows>
  );
}
