import { useState } from 'react';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_SUBJECT_MAX, type AnnouncementDraft } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner, Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { useNavigate } from '@tca/ui/router';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { knownText } from '../../../shared/known-text.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { useMarkdownPreview } from '../../../shared/use-markdown-preview.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { createAnnouncement, previewAnnouncement, sendAnnouncement } from '../api/announcements-api.js';
import { announcementPath, checkCompose, emptyCompose, segmentOf, sendDescription, type ComposeDraft, type ComposeErrors } from '../announcement-form.js';
import { announcementsCatalog } from '../messages.js';
import { recipientsText, useRecipientCount } from '../use-recipient-count.js';
import { PreviewBox } from './preview-box.js';
import { SegmentPicker } from './segment-picker.js';
import styles from '../../../shared/staff.module.css';

/** The compose form: subject, Markdown with the server's preview, who receives it with the count, Save as draft or Send (confirmed). */
export function AnnouncementCompose({ onSaved }: { onSaved: () => void }) {
  const [draft, setDraft] = useState<ComposeDraft>(emptyCompose);
  const [errors, setErrors] = useState<ComposeErrors>({});
  const [confirming, setConfirming] = useState<AnnouncementDraft | null>(null);
  const [failure, setFailure] = useState('');
  const { busy, run } = useStaffAction();
  const navigate = useNavigate();
  const t = useT(announcementsCatalog);
  useT(sharedCatalog);
  // The contract's messages (English) in the language shown.
  const check = (message: string | undefined) => message && knownText(message, announcementsCatalog);
  const preview = useMarkdownPreview(draft.body, previewAnnouncement);
  const { count, note } = useRecipientCount(segmentOf(draft));

  const change = (next: Partial<ComposeDraft>) => {
    setDraft((now) => ({ ...now, ...next }));
    setErrors({});
  };

  /** The checked request, or the errors shown (focus goes to the first field in error). */
  function checked(): AnnouncementDraft | undefined {
    const check = checkCompose(draft);
    if (check.ok) return check.request;
    setErrors(check.errors);
    return undefined;
  }

  async function save(): Promise<string | undefined> {
    const request = checked();
    if (!request) return undefined;
    const outcome = await run((token) => createAnnouncement(token, request));
    if (!outcome.ok || !outcome.answer) {
      setFailure(outcome.ok ? t('compose.unreadable') : outcome.text);
      return undefined;
    }
    setFailure('');
    return outcome.answer.id;
  }

  async function saveDraft() {
    const id = await save();
    if (!id) return;
    notify.success(t('compose.saved'));
    setDraft(emptyCompose());
    onSaved();
  }

  async function send() {
    const id = await save();
    setConfirming(null);
    if (!id) return;
    const outcome = await run((token) => sendAnnouncement(token, id));
    if (!outcome.ok) {
      setFailure(t('compose.savedNotSent', { reason: outcome.text }));
      onSaved();
      return;
    }
    notify.success(knownText(outcome.answer?.message ?? t('send.sent'), sharedCatalog));
    void navigate(announcementPath(id));
  }

  return (
    <section className={styles.section} aria-labelledby="compose-title">
      <h2 id="compose-title" className={styles.sectionTitle}>
        {t('compose.title')}
      </h2>
      {failure ? (
        <Banner tone="error" title={t('compose.notSent')}>
          {failure}
        </Banner>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const request = checked();
          if (request && !busy) setConfirming(request);
        }}
      >
        <RequiredNote />
        <Field label={t('compose.subject')} required error={check(errors.subject)}>
          {(control) => <input {...control} className={fieldClasses.control} value={draft.subject} maxLength={ANNOUNCEMENT_SUBJECT_MAX} onChange={(e) => change({ subject: e.target.value })} />}
        </Field>
        <div className={styles.editorGrid}>
          <Field label={t('compose.body')} required error={check(errors.body)} hint={t('compose.bodyHint')}>
            {(control) => (
              <textarea
                {...control}
                className={`${fieldClasses.control} ${fieldClasses.textarea}`}
                rows={14}
                maxLength={ANNOUNCEMENT_BODY_MAX}
                value={draft.body}
                onChange={(e) => change({ body: e.target.value })}
              />
            )}
          </Field>
          <section aria-labelledby="announcement-preview-title">
            <h3 id="announcement-preview-title" className={styles.sectionTitle}>
              {t('compose.preview')}
            </h3>
            <PreviewBox html={preview.html} empty={t('compose.previewEmpty')} />
            {preview.note ? <p className={styles.muted}>{preview.note}</p> : null}
          </section>
        </div>
        <SegmentPicker draft={draft} error={errors.segment} recipients={recipientsText(count, note)} onChange={change} />
        <p className={styles.actions}>
          <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
            {t('compose.review')}
          </button>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void saveDraft()}>
            {t('compose.saveDraft')}
          </button>
        </p>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={t('send.title', { subject: confirming.subject })}
          written={confirming.subject}
          description={sendDescription(count, confirming.segment)}
          confirmLabel={t('send.confirm')}
          busy={busy}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}
