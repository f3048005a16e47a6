import { useState } from 'react';
import type { TeamMember } from '@tca/contracts';
import { excerpt } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { Modal } from '@tca/ui/modal';
import { EmptyMessage, ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { StoredImage, initials } from '../../../shared/stored-image.js';
import { useContent } from '../../../shared/content/use-content.js';
import styles from '../team.module.css';
import { getTeamMembers } from '../api/get-team-members.js';
import { teamCatalog } from '../messages.js';
import { memberText, type PickedText } from '../team-member-text.js';

/** A picked text where it is inline: a span with lang="en" only when it differs from the page. */
function Inline({ picked }: { picked: PickedText }) {
  return picked.lang ? <span lang={picked.lang}>{picked.text}</span> : picked.text;
}

/**
 * The team list: a card per member with Read More and its modal; Retry when the list cannot be loaded.
 * A member's name, role and description show in Tamil when an editor wrote them, else in English marked lang="en".
 */
export function TeamMembers() {
  const t = useT(teamCatalog);
  const lang = useLang();
  const { state, retry } = useContent(getTeamMembers);
  const [open, setOpen] = useState<{ member: TeamMember; opener: HTMLElement } | null>(null);
  const shown = open ? memberText(open.member, lang) : null;

  return (
    <>
      {state.status === 'loading' ? <LoadingMessage>{t('loading')}</LoadingMessage> : null}
      {state.status === 'error' ? <ErrorMessage message={t('failed')} onRetry={retry} /> : null}
      {state.status === 'ready' && state.data.length === 0 ? <EmptyMessage>{t('empty')}</EmptyMessage> : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul className={styles.grid}>
          {state.data.map((member, i) => {
            const { name, designation, description } = memberText(member, lang);
            return (
              <li key={member._id} className={styles.card}>
                <div className={styles.photo} lang={name.lang}>
                  <StoredImage
                    src={member.image}
                    meta={member.imageMeta}
                    fallbackAlt={name.text}
                    sizes="(max-width: 600px) 100vw, 260px"
                    eager={i < 4}
                    className={styles.photoImage}
                    placeholderText={initials(name.text)}
                  />
                </div>
                <div className={styles.body}>
                  <h2 className={styles.name} lang={name.lang}>
                    {name.text}
                  </h2>
                  <p className={styles.role} lang={designation.lang}>
                    {designation.text}
                  </p>
                  <p className={styles.teaser} lang={description.lang}>
                    {excerpt(description.text, 110)}
                  </p>
                  <button type="button" className={styles.more} onClick={(event) => setOpen({ member, opener: event.currentTarget })}>
                    {richText(t('more', { name: name.text }), {
                      0: (about) => <span className="tca-visually-hidden">{richText(about, { 1: () => <Inline picked={name} /> })}</span>,
                    })}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}

      {open && shown ? (
        <Modal title={<Inline picked={shown.name} />} onClose={() => setOpen(null)} returnFocusTo={open.opener}>
          <div className={styles.detail}>
            <div className={styles.detailPhoto} lang={shown.name.lang}>
              <StoredImage
                src={open.member.image}
                meta={open.member.imageMeta}
                fallbackAlt={shown.name.text}
                sizes="220px"
                eager
                className={styles.photoImage}
                placeholderText={initials(shown.name.text)}
              />
            </div>
            <div>
              <p className={styles.role} lang={shown.designation.lang}>
                {shown.designation.text}
              </p>
              <p className={styles.description} lang={shown.description.lang}>
                {shown.description.text}
              </p>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
