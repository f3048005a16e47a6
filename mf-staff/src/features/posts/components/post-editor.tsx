import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  COVER_ACCEPT,
  COVER_ALT_MAX,
  paths,
  POST_BODY_MAX,
  POST_STATUSES,
  POST_TITLE_MAX,
  type PostStatus,
  type StalePostAnswer,
  type StaffPost,
} from '@tca/contracts';
import { notify, Page } from '@tca/ui';
import type { FailedResult } from '@tca/ui/api';
import { Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import { translator, useT } from '@tca/ui/i18n';
import { pickText, richText } from '@tca/ui/i18n/format';
import { Link, useNavigate } from '@tca/ui/router';
import { useMarkdownPreview } from '../../../shared/use-markdown-preview.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { FieldPair, TamilField } from '../../../shared/lists/bilingual.js';
import { fieldMessage } from '../../../shared/lists/field-message.js';
import { fieldsNeedAChange, knownText, listsCatalog, useShownLang, tamilLabel } from '../../../shared/lists/messages.js';
import { EditorButtons, EditorOutcome, readChangeFailure, StaleNotice as StaleBanner, useStaleEditing } from '../../../shared/stale-editing.js';
import { createPost } from '../api/create-post.js';
import { deletePost } from '../api/delete-post.js';
import { previewPost } from '../api/preview-post.js';
import type { ChangeResult } from '../api/stale-answer.js';
import { updatePost } from '../api/update-post.js';
import { uploadCover } from '../api/upload-cover.js';
import { changedText, checkDraft, draftOfPost, emptyDraft, POST_FIELDS, requestOf, statusText, type PostDraft, type PostField } from '../post-form.js';
import { postsCatalog } from '../messages.js';
import { postEditorPath } from './posts-list.js';
import styles from '../../../shared/staff.module.css';

type Errors = Partial<Record<PostField, string>>;

/** A post's service or contracts message in the language shown (a known one; others as they came). */
const shown = (message: string) => knownText(postsCatalog, message);

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
  const tamilPreview = useMarkdownPreview(draft.taBody, previewPost);
  const t = useT(postsCatalog);
  const tl = useT(listsCatalog);
  const lang = useShownLang();
  // The key is an identifier: marked as not Tamil on a Tamil page.
  const keyPart = (key: string) => (lang === 'en' ? key : <span lang="en">{key}</span>);
  // The English text's field holds English on a Tamil page too.
  const englishPart = lang === 'en' ? undefined : 'en';
  // The contracts name fields by their own labels (Body is the editor's Text).
  const labels = { Title: t('field.title'), Date: t('field.date'), Body: t('field.bodyRule'), 'Cover alt text': t('field.coverAlt'), 'Tamil title': tamilLabel(tl, 'ta.title'), 'Tamil body': tamilLabel(tl, 'ta.text') };
  const errorOf = (field: PostField) => (errors[field] === undefined ? undefined : fieldMessage(errors[field], labels, shown));

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
      const tt = translator(postsCatalog);
      notify.error(result.kind === 'http' && result.status === 409 ? tt('toast.stale') : tt('toast.failed'));
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
      setFailure(fieldsNeedAChange());
      focusOutcome();
      return;
    }
    await withToken(async (token) => {
      let change: ChangeResult<{ post: StaffPost; message?: string | undefined }>;
      if (post) change = await updatePost(token, post.key, { ...requestOf(next), version: post.version });
      else change = { result: await createPost(token, requestOf(next)), stale: null };
      const { result } = change;
      if (result.kind !== 'ok' || !result.answer) {
        if (result.kind === 'ok') setFailure(t('answer.unknown'));
        else showFailure(result, change.stale);
        return;
      }
      let saved = result.answer.post;
      let message = shown(result.answer.message ?? t('msg.saved'));
      if (file) {
        const upload = await uploadCover(token, saved.key, saved.version, file, file.name);
        if (upload.result.kind !== 'ok' || !upload.result.answer) {
          setPost(saved);
          setDraft(draftOfPost(saved));
          if (upload.result.kind === 'ok') setFailure(t('answer.unknown'));
          else showFailure(upload.result, upload.stale);
          if (!post) void navigate(postEditorPath(saved.key), { replace: true });
          return;
        }
        saved = upload.result.answer.post;
        message = `${message} ${shown(upload.result.answer.message ?? '')}`.trim();
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
    notify.success(shown(result.answer?.message ?? t('msg.deleted')));
    void navigate(paths.staffPosts);
  }

  return (
    <Page
      title={post ? t('edit.title', { title: pickText(post.title, post.ta?.title, lang).text }) : t('new.title')}
      lead={post ? richText(t('edit.lead', { key: post.key, status: statusText(post) }), { 0: keyPart }) : t('new.lead')}
    >
      <p className={styles.actions}>
        <Link to={paths.staffPosts} className={styles.secondary}>
          {t('back')}
        </Link>
      </p>
      <EditorOutcome
        notice={stale ? <StaleNotice stale={stale} onReload={() => reload?.()} /> : null}
        failure={failure ? { title: t('failed.title'), text: shown(failure) } : null}
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
        <FieldPair>
          <Field label={t('field.title')} required error={errorOf('title')}>
            {(control) => <input {...control} className={fieldClasses.control} value={draft.title} maxLength={POST_TITLE_MAX} onChange={(e) => set('title', e.target.value)} />}
          </Field>
          <TamilField word="ta.title" value={draft.taTitle} maxLength={POST_TITLE_MAX} error={errorOf('ta.title')} onChange={(value) => set('taTitle', value)} />
        </FieldPair>
        <Field label={t('field.date')} required error={errorOf('date')} hint={t('field.dateHint')}>
          {(control) => <input {...control} type="date" className={fieldClasses.control} value={draft.date} onChange={(e) => set('date', e.target.value)} />}
        </Field>
        <Field label={t('field.status')} required error={errorOf('status')} hint={t('field.statusHint')}>
          {(control) => (
            <select {...control} className={`${fieldClasses.control} ${fieldClasses.select}`} value={draft.status} onChange={(e) => set('status', e.target.value as PostStatus)}>
              {POST_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.status === 'scheduled' ? (
          <Field label={t('field.publishAt')} required error={errorOf('publishAt')} hint={t('field.publishAtHint')}>
            {(control) => <input {...control} type="datetime-local" className={fieldClasses.control} value={draft.publishAtLocal} onChange={(e) => set('publishAtLocal', e.target.value)} />}
          </Field>
        ) : null}
        <Field label={t('field.cover')} hint={t('field.coverHint')}>
          {(control) => (
            <>
              {post?.cover ? <img className={styles.coverImage} src={post.cover.url} alt={post.cover.alt} lang={englishPart} width={post.cover.width} height={post.cover.height} /> : null}
              <input {...control} ref={fileInput} type="file" accept={COVER_ACCEPT} className={fieldClasses.control} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </>
          )}
        </Field>
        <Field label={t('field.coverAlt')} required={file !== null || post?.cover != null} error={errorOf('coverAlt')} hint={t('field.coverAltHint')}>
          {(control) => <input {...control} className={fieldClasses.control} value={draft.coverAlt} maxLength={COVER_ALT_MAX} onChange={(e) => set('coverAlt', e.target.value)} />}
        </Field>
        <FieldPair>
          <Field label={t('field.body')} error={errorOf('body')} hint={t('field.bodyHint')}>
            {(control) => <textarea {...control} lang={englishPart} className={`${fieldClasses.control} ${fieldClasses.textarea}`} rows={16} maxLength={POST_BODY_MAX} value={draft.body} onChange={(e) => set('body', e.target.value)} />}
          </Field>
          <TamilField word="ta.text" rows={16} value={draft.taBody} maxLength={POST_BODY_MAX} error={errorOf('ta.body')} onChange={(value) => set('taBody', value)} />
        </FieldPair>
        <FieldPair>
          <section aria-labelledby="preview-title">
            <h2 id="preview-title" className={styles.sectionTitle}>
              {t('preview.title')}
            </h2>
            <PreviewBox html={preview.html} lang={englishPart} />
            {preview.note ? <p className={styles.muted}>{preview.note}</p> : null}
          </section>
          <section aria-labelledby="preview-ta-title">
            <h2 id="preview-ta-title" className={styles.sectionTitle}>
              {t('preview.tamil')}
            </h2>
            <PreviewBox html={tamilPreview.html} lang="ta" />
            {tamilPreview.note ? <p className={styles.muted}>{tamilPreview.note}</p> : null}
          </section>
        </FieldPair>
        <EditorButtons busy={busy} saveLabel={t('save')} remove={post ? { label: t('delete'), onClick: () => setConfirmDelete(true) } : undefined}>
          {post && post.status !== 'draft' ? (
            <button type="button" className={styles.secondary} disabled={busy} onClick={() => void save('draft')}>
              {t('unpublish')}
            </button>
          ) : null}
        </EditorButtons>
      </form>
      {confirmDelete && post ? (
        <ConfirmDialog
          title={t('delete.title', { title: post.title })}
          written={post.title}
          description={t('delete.text')}
          confirmLabel={t('delete.confirm')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
        />
      ) : null}
    </Page>
  );
}

/** The server's HTML (its renderer and sanitiser, as on the public page); `lang` marks the text's language when it is not the page's. */
function PreviewBox({ html, lang }: { html: string; lang?: 'ta' | 'en' | undefined }): ReactNode {
  const t = useT(postsCatalog);
  if (html === '')
    return (
      <div className={styles.preview}>
        <p className={styles.muted}>{t('preview.empty')}</p>
      </div>
    );
  // The HTML comes from the content service's preview, sanitised there exactly as the public post page is.
  return <div className={styles.preview} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A 409: someone saved the post after it was opened here. */
export function StaleNotice({ stale, onReload }: { stale: StalePostAnswer; onReload: () => void }) {
  const { current } = stale;
  const t = useT(postsCatalog);
  return (
    <StaleBanner
      title={t('stale.title')}
      changed={changedText(stale.changed)}
      updatedAt={current.updatedAt}
      summary={t('stale.summary', { title: current.title, status: statusText(current) })}
      reloadNote={t('stale.reload')}
      onReload={onReload}
    />
  );
}
