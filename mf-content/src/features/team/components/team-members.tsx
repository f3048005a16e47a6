import { useState } from 'react';
import type { TeamMember } from '@tca/contracts';
import { excerpt } from '@tca/contracts';
import { Modal } from '@tca/ui/modal';
import { EmptyMessage, ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { StoredImage, initials } from '../../../shared/stored-image.js';
import { useContent } from '../../../shared/content/use-content.js';
import styles from '../team.module.css';
import { getTeamMembers } from '../api/get-team-members.js';

/** The team list: a card per member with Read More and its modal; Retry when the list cannot be loaded. */
export function TeamMembers() {
  const { state, retry } = useContent(getTeamMembers);
  const [open, setOpen] = useState<{ member: TeamMember; opener: HTMLElement } | null>(null);

  return (
    <>
      {state.status === 'loading' ? <LoadingMessage>Loading team members…</LoadingMessage> : null}
      {state.status === 'error' ? <ErrorMessage message="Failed to fetch team members" onRetry={retry} /> : null}
      {state.status === 'ready' && state.data.length === 0 ? <EmptyMessage>No team members found</EmptyMessage> : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul className={styles.grid}>
          {state.data.map((member, i) => (
            <li key={member._id} className={styles.card}>
              <div className={styles.photo}>
                <StoredImage
                  src={member.image}
                  meta={member.imageMeta}
                  fallbackAlt={member.name}
                  sizes="(max-width: 600px) 100vw, 260px"
                  eager={i < 4}
                  className={styles.photoImage}
                  placeholderText={initials(member.name)}
                />
              </div>
              <div className={styles.body}>
                <h2 className={styles.name}>{member.name}</h2>
                <p className={styles.role}>{member.designation}</p>
                <p className={styles.teaser}>{excerpt(member.description, 110)}</p>
                <button type="button" className={styles.more} onClick={(event) => setOpen({ member, opener: event.currentTarget })}>
                  Read More<span className="tca-visually-hidden"> about {member.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {open ? (
        <Modal title={open.member.name} onClose={() => setOpen(null)} returnFocusTo={open.opener}>
          <div className={styles.detail}>
            <div className={styles.detailPhoto}>
              <StoredImage
                src={open.member.image}
                meta={open.member.imageMeta}
                fallbackAlt={open.member.name}
                sizes="220px"
                eager
                className={styles.photoImage}
                placeholderText={initials(open.member.name)}
              />
            </div>
            <div>
              <p className={styles.role}>{open.member.designation}</p>
              <p className={styles.description}>{open.member.description}</p>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
