import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { PostsPanel } from '../../features/posts/components/posts-list.js';

/** /staff/posts (editors and owners): every post with its status, and New post. */
export function PostsPage() {
  return <StaffGate roles={['editor']}>{() => <PostsPanel />}</StaffGate>;
}
