import { useParams } from '@tca/ui/router';
import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { PostEditor } from '../../features/posts/components/post-editor.js';
import { PostEditorLoader } from '../../features/posts/components/post-editor-loader.js';

/** /staff/posts/new (editors and owners): a new post. */
export function NewPostPage() {
  return <StaffGate roles={['editor']}>{() => <PostEditor post={null} />}</StaffGate>;
}

/** /staff/posts/:key (editors and owners): the post's editor. */
export function EditPostPage() {
  const { key = '' } = useParams();
  return <StaffGate roles={['editor']}>{() => <PostEditorLoader key={key} postKey={key} />}</StaffGate>;
}
