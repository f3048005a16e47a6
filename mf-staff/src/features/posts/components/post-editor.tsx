import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  COVER_ACCEPT,
  COVER_ALT_MAX,
  paths,
  POST_BODY_MAX,
  POST_DELETED_MESSAGE,
  POST_STATUS_LABELS,
  POST_STATUSES,
  POST_TITLE_MAX,
  type PostStatus,
  type StalePostAnswer,
  type StaffPost,
} from '@tca/contracts';
import { notify, Page } from '@tca/ui';
import type { FailedResult } from '@tca/ui/api';
import { Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import { Link, useNavigate } from '@tca/ui/router';
import { useMarkdownPreview } from '../../../shared/use-markdown-preview.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { EditorButtons, EditorOutcome, FIELDS_NEED_A_CHANGE, readChangeFailure, StaleNotice as StaleBanner, useStaleEditing } from '../../../shared/stale-editing.js';
import { createPost } from '../api/create-post.js';
import { deletePost } from '../api/delete-post.js';
import { previewPost } from '../api/preview-post.js';
import type { ChangeResult } from '../api/stale-answer.js';
import { updatePost } from '../api/update-post.js';
import { uploadCover } from '../api/upload-cover.js';
import { changedText, checkDraft, draftOfPost, emptyDraft, POST_FIELDS, requestOf, statusText, type PostDraft, type PostField } from '../post-form.js';
import { postEditorPath } from './posts-list.js';
import styles from '../../../shared/staff.module.css';

type Errors = Partial<Record<PostField, string>>;

interface PostEditorProps {
  /** The post as loaded, or null for a new one. */
  post: StaffPost | null;
  /** Loads the post again (after a stale answer). */
  reload?: () => void;
}

/** The editor of one post: its fields, cover, body with the server's preview, Save, Unpublish, Delete. */
export function PostEditor({ post: loaded, reload }: PostEditorProps) {
  const navigate = useNavigate();
  const [post, setPost] = useState<StaffPost | null>(loaded);
  const [draft, setDraft] = useState<PostDraft>(() => (loaded ? draftOfPost(loaded) : emptyDraft()));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { stale, setStale, busy, withToken, confirmDelete, setConfirmDelete, outcome, focusOutcome } = useStaleEditing<StalePostAnswer>();
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useMarkdownPreview(draft.body, previewPost);

  useEffect(() => {
    setPost(loaded);
    setDraft(loaded ? draftOfPost(loaded) : emptyDraft());
    setStale(null);
    setErrors({});
    setFailure(null);
  }, [loaded, setStale]);

  const set = <K extends keyof PostDraft>(name: K, value: PostDraft[K]) => setDraft((now) => ({ ...now, [name]: value }));

  /** A failed change: field messages under their fields, a 409's details, or the text in the banner. */
  const showFailure = useCallback(
    (result: FailedResult, staleAnswer: StalePostAnswer | null) => {
      const view = readChangeFailure(result, staleAnswer, POST_FIELDS);
      if (view.kind === 'stale') {
        setStale(view.stale);
        setFailure(null);
      } else {
        if (view.kind === 'fields') setErrors(view.fields);
        setFailure(view.text);
      }
      notify.error(result.kind === 'http' && result.status === 409 ? 'Someone changed this post since you opened it.' : 'The post was not saved.');
      focusOutcome();
    },
    [setStale, focusOutcome],
  );

  async function save(status: PostStatus = draft.status) {
    const next = { ...draft, status };
    const found = checkDraft(next, file !== null || post?.cover != null);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(FIELDS_NEED_A_CHANGE);
      focusOutcome();
      return;
    }
    await withToken(async (token) => {
      let change: ChangeResult<{ post: StaffPost; message?: string | undefined }>;
      if (post) change = await updatePost(token, post.key, { ...requestOf(next), version: post.version });
      else change = { result: await createPost(token, requestOf(next)), stale: null };
      const { result } = change;
      if (result.kind !== 'ok' || !result.answer) {
        if (result.kind === 'ok') setFailure('The server sent an answer this page does not understand. Reload the post.');
        else showFailure(result, change.stale);
        return;
      }
      let saved = result.answer.post;
      let message = result.answer.message ?? 'Post saved.';
      if (file) {
        const upload = await uploadCover(token, saved.key, saved.version, file, file.name);
        if (upload.result.kind !== 'ok' || !upload.result.answer) {
          setPost(saved);
          setDraft(draftOfPost(saved));
          if (upload.result.kind === 'ok') setFailure('The server sent an answer this page does not understand. Reload the post.');
          else showFailure(upload.result, upload.stale);
          if (!post) void navigate(postEditorPath(saved.key), { replace: true });
          return;
        }
        saved = upload.result.answer.post;
        message = `${message} ${upload.result.answer.message ?? ''}`.trim();
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      }
      setPost(saved);
      setDraft(draftOfPost(saved));
      setStale(null);
      notify.success(message);
      if (!post) void navigate(postEditorPath(saved.key), { replace: true });
    });
  }

  async function remove() {
    if (!post) return;
    const change = await withToken((token) => deletePost(token, post.key, post.version));
    setConfirmDelete(false);
    if (!change) return;
    const { result, stale: staleAnswer } = change;
    if (result.kind !== 'ok') return showFailure(result, staleAnswer);
    notify.success(result.answer?.message ?? POST_DELETED_MESSAGE);
    void navigate(paths.staffPosts);
  }

  return (
    <Page title={post ? `Edit: ${post.title}` : 'New post'} lead={post ? `Key ${post.key} · ${statusText(post)}` : 'A new post starts as a draft: nobody sees it until it is published.'}>
      <p className={styles.actions}>
        <Link to={paths.staffPosts} className={styles.secondary}>
          Back to the posts
        </Link>
      </p>
      <EditorOutcome
        notice={stale ? <StaleNotice stale={stale} onReload={() => reload?.()} /> : null}
        failure={failure ? { title: 'The post was not saved', text: failure } : null}
        outcome={outcome}
      />
      <form
        noValidate
        className={styles.section}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void save();
        }}
      >
        <RequiredNote />
        <Field label="Title" required error={errors.title}>
          {(control) => <input {...control} className={fieldClasses.control} value={draft.title} maxLength={POST_TITLE_MAX} onChange={(e) => set('title', e.target.value)} />}
        </Field>
        <Field label="Date" required error={errors.date} hint="The day the blog shows for the post.">
          {(control) => <input {...control} type="date" className={fieldClasses.control} value={draft.date} onChange={(e) => set('date', e.target.value)} />}
        </Field>
        <Field label="Status" required error={errors.status} hint="Draft: only staff see it. Published: on the blog now. Scheduled: on the blog from the publish time.">
          {(control) => (
            <select {...control} className={`${fieldClasses.control} ${fieldClasses.select}`} value={draft.status} onChange={(e) => set('status', e.target.value as PostStatus)}>
              {POST_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {POST_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.status === 'scheduled' ? (
          <Field label="Publish time" required error={errors.publishAt} hint="Your computer's time zone.">
            {(control) => <input {...control} type="datetime-local" className={fieldClasses.control} value={draft.publishAtLocal} onChange={(e) => set('publishAtLocal', e.target.value)} />}
          </Field>
        ) : null}
        <Field label="Cover image" hint="Optional. JPEG, PNG, WebP or SVG, at most 10 MB; it is uploaded when you save.">
          {(control) => (
            <>
              {post?.cover ? <img className={styles.coverImage} src={post.cover.url} alt={post.cover.alt} width={post.cover.width} height={post.cover.height} /> : null}
              <input {...control} ref={fileInput} type="file" accept={COVER_ACCEPT} className={fieldClasses.control} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </>
          )}
        </Field>
        <Field label="Cover alt text" required={file !== null || post?.cover != null} error={errors.coverAlt} hint="What the picture shows, for people who cannot see it.">
          {(control) => <input {...control} className={fieldClasses.control} value={draft.coverAlt} maxLength={COVER_ALT_MAX} onChange={(e) => set('coverAlt', e.target.value)} />}
        </Field>
        <div className={styles.editorGrid}>
          <Field label="Text (Markdown)" error={errors.body} hint="Headings with #, **bold**, *italic*, [links](https://…) and lists.">
            {(control) => <textarea {...control} className={`${fieldClasses.control} ${fieldClasses.textarea}`} rows={16} maxLength={POST_BODY_MAX} value={draft.body} onChange={(e) => set('body', e.target.value)} />}
          </Field>
          <section aria-labelledby="preview-title">
            <h2 id="preview-title" className={styles.sectionTitle}>
              Preview
            </h2>
            <PreviewBox html={preview.html} />
            {preview.note ? <p className={styles.muted}>{preview.note}</p> : null}
          </section>
        </div>
        <EditorButtons busy={busy} saveLabel="Save" remove={post ? { label: 'Delete', onClick: () => setConfirmDelete(true) } : undefined}>
          {post && post.status !== 'draft' ? (
            <button type="button" className={styles.secondary} disabled={busy} onClick={() => void save('draft')}>
              Unpublish
            </button>
          ) : null}
        </EditorButtons>
      </form>
      {confirmDelete && post ? (
        <ConfirmDialog
          title={`Delete "${post.title}"?`}
          description="The post leaves the blog and the staff list. This cannot be undone."
          confirmLabel="Delete the post"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
        />
      ) : null}
    </Page>
  );
}

/** The server's HTML (its renderer and sanitiser, as on the public page). */
function PreviewBox({ html }: { html: string }): ReactNode {
  if (html === '') return <div className={styles.preview}><p className={styles.muted}>The text as the blog shows it appears here.</p></div>;
  // The HTML comes from the content service's preview, sanitised there exactly as the public post page is.
  return <div className={styles.preview} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A 409: someone saved the post after it was opened here. */
export function StaleNotice({ stale, onReload }: { stale: StalePostAnswer; onReload: () => void }) {
  const { current } = stale;
  return (
    <StaleBanner
      thing="post"
      changed={changedText(stale.changed)}
      updatedAt={current.updatedAt}
      summary={`“${current.title}”, ${statusText(current)}`}
      reloadNote="; your text here is lost on reload, so copy it first if you need it."
      onReload={onReload}
    />
  );
}
