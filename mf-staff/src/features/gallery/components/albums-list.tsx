import { paths, type StaffAlbumSummary } from '@tca/contracts';
import { Link } from '@tca/ui/router';
import { listAlbums } from '../api/album-calls.js';
import { EditCell, LabelledCell, StaffListPanel, StaffRows } from '../../../shared/staff-list-panel.js';
import styles from '../../../shared/staff.module.css';
import gallery from '../gallery.module.css';

export const albumEditorPath = (key: string) => `/staff/gallery/${encodeURIComponent(key)}`;

const nouns = { one: 'album', many: 'albums' };

/** /staff/gallery: every album (newest date first, as the public gallery) and New album. */
export function AlbumsPanel() {
  return (
    <StaffListPanel
      title="Gallery"
      lead="The albums of the public gallery: their names, dates, photos, alt text and photo order."
      nouns={nouns}
      newPath={paths.staffAlbumNew}
      load={listAlbums}
      answerName="an album list"
    >
      {(answer) => <AlbumRows albums={answer.albums} />}
    </StaffListPanel>
  );
}

/** The albums as rows (a list at every width: one column on a phone). */
export function AlbumRows({ albums }: { albums: readonly StaffAlbumSummary[] }) {
  return (
    <StaffRows items={albums} nouns={nouns} firstHint="Start the first with New album." keyOf={(album) => album.key} rowClassName={gallery.albumRow}>
      {(album) => (
        <>
          <div className={gallery.albumName}>
            {album.thumbUrl ? <img className={gallery.albumThumb} src={album.thumbUrl} alt="" width={64} height={48} /> : <span className={gallery.albumThumb} aria-hidden="true" />}
            <p className={styles.name}>
              <Link to={albumEditorPath(album.key)}>{album.name}</Link>
            </p>
          </div>
          <LabelledCell label="Date">
            <span>{album.date}</span>
          </LabelledCell>
          <LabelledCell label="Photos">
            <span>{album.photoCount}</span>
          </LabelledCell>
          <EditCell to={albumEditorPath(album.key)} name={album.name} />
        </>
      )}
    </StaffRows>
  );
}
