import { useState } from 'react';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_SUBJECT_MAX, type AnnouncementDraft } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner, Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import { useNavigate } from '@tca/ui/router';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { useMarkdownPreview } from '../../../shared/use-markdown-preview.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { createAnnouncement, previewAnnouncement, sendAnnouncement } from '../api/announcements-api.js';
import { announcementPath, checkCompose, emptyCompose, segmentOf, TEXTS, type ComposeDraft, type ComposeErrors } from '../announcement-form.js';
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
      setFailure(outcome.ok ? 'The server sent an answer this page does not understand.' : outcome.text);
      return undefined;
    }
    setFailure('');
    return outcome.answer.id;
  }

  async function saveDraft() {
    const id = await save();
    if (!id) return;
    notify.success(TEXTS.saved);
    setDraft(emptyCompose());
    onSaved();
  }

  async function send() {
    const id = await save();
    setConfirming(null);
    if (!id) return;
    const outcome = await run((token) => sendAnnouncement(token, id));
    if (!outcome.ok) {
      setFailure(`The draft is saved but was not sent: ${outcome.text}`);
      onSaved();
      return;
    }
    notify.success(outcome.answer?.message ?? TEXTS.sent);
    void navigate(announcementPath(id));
  }

  return (
    <section className={styles.section} aria-labelledby="compose-title">
      <h2 id="compose-title" className={styles.sectionTitle}>
        {TEXTS.composeTitle}
      </h2>
      {failure ? (
        <Banner tone="error" title="The announcement was not sent">
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
        <Field label={TEXTS.subject} required error={errors.subject}>
          {(control) => <input {...control} className={fieldClasses.control} value={draft.subject} maxLength={ANNOUNCEMENT_SUBJECT_MAX} onChange={(e) => change({ subject: e.target.value })} />}
        </Field>
        <div className={styles.editorGrid}>
          <Field label={TEXTS.body} required error={errors.body} hint={TEXTS.bodyHint}>
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
              {TEXTS.preview}
            </h3>
            <PreviewBox html={preview.html} empty={TEXTS.previewEmpty} />
            {preview.note ? <p className={styles.muted}>{preview.note}</p> : null}
          </section>
        </div>
        <SegmentPicker draft={draft} error={errors.segment} recipients={recipientsText(count, note)} onChange={change} />
        <p className={styles.actions}>
          <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
            {TEXTS.review}
          </button>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void saveDraft()}>
            {TEXTS.saveDraft}
          </button>
        </p>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={TEXTS.sendTitle(confirming.subject)}
          description={TEXTS.sendDescription(count, confirming.segment)}
          confirmLabel={TEXTS.sendConfirm}
          busy={busy}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}
