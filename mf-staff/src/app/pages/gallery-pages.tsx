import { useParams } from '@tca/ui/router';
import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { AlbumEditor } from '../../features/gallery/components/album-editor.js';
import { AlbumEditorLoader } from '../../features/gallery/components/album-editor-loader.js';
import { AlbumsPanel } from '../../features/gallery/components/albums-list.js';

/** /staff/gallery (editors and owners): every album, and New album. */
export function GalleryPage() {
  return <StaffGate roles={['editor']}>{() => <AlbumsPanel />}</StaffGate>;
}

/** /staff/gallery/new (editors and owners): a new album. */
export function NewAlbumPage() {
  return <StaffGate roles={['editor']}>{() => <AlbumEditor album={null} />}</StaffGate>;
}

/** /staff/gallery/:key (editors and owners): the album's editor. */
export function EditAlbumPage() {
  const { key = '' } = useParams();
  return <StaffGate roles={['editor']}>{() => <AlbumEditorLoader key={key} albumKey={key} />}</StaffGate>;
}
