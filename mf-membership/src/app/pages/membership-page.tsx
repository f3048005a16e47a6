import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tca/ui/router';
import { paths, type MembershipLevel } from '@tca/contracts';
import { Page, useReducedMotion } from '@tca/ui';
import { useLang, useT } from '@tca/ui/i18n';
import { formatAud, richText } from '@tca/ui/i18n/format';
import { readLoginSession, tabStorage } from '@tca/ui/session';
import { ConfirmModal } from '../../features/levels/components/confirm-modal.js';
import { LevelCard } from '../../features/levels/components/level-card.js';
import { useHeldMemberships } from '../../features/levels/hooks/use-held-memberships.js';
import { levelsCatalog } from '../../features/levels/messages.js';
import { holdsActive, offeredLevels } from '../../features/levels/offered-levels.js';
import { formsLocation, rememberLevel } from '../../shared/chosen-level.js';
import { useLater } from '../../shared/hooks/use-later.js';
import { useLoginSession } from '../../shared/hooks/use-login-session.js';
import { sharedCatalog, shownText, TEXT, TIMING } from '../../shared/messages.js';
import styles from './membership-page.module.css';

/**
 * /membership (spec §2.3, §4): the programme, the five flip cards, and the purchase start. Levels
 * the member holds Active, and levels with a Current or Pending request, are not offered.
 */
export function MembershipPage() {
  const t = useT(levelsCatalog);
  // TEXT's notices and the levels' names show through the shared catalog.
  useT(sharedCatalog);
  const lang = useLang();
  const navigate = useNavigate();
  const session = useLoginSession();
  const reducedMotion = useReducedMotion();
  const { later } = useLater();
  const held = useHeldMemberships(session);
  const [confirming, setConfirming] = useState<{ level: MembershipLevel; opener: HTMLElement } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const aboutHeading = useRef<HTMLHeadingElement>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (noticeTimer.current) clearTimeout(noticeTimer.current);
    },
    [],
  );

  const showNotice = useCallback((text: string, ms: number) => {
    setNotice(text);
    if (noticeTimer.current) clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), ms);
  }, []);

  const choose = async (level: MembershipLevel, opener: HTMLElement) => {
    // Read the stored session now: it may have ended in another tab since the page was drawn.
    if (!readLoginSession()) {
      showNotice(TEXT.loginToPurchase, TIMING.loginRedirect);
      later(() => navigate(paths.login), TIMING.loginRedirect);
      return;
    }
    const records = held.state === 'loaded' ? held.records : held.state === 'loading' ? await held.done : [];
    if (holdsActive(records, level.name)) {
      showNotice(TEXT.alreadyActive, TIMING.alreadyActiveNotice);
      return;
    }
    setConfirming({ level, opener });
  };

  const confirm = () => {
    if (!confirming) return;
    const { level } = confirming;
    rememberLevel(tabStorage(), level.name);
    setConfirming(null);
    navigate(formsLocation(level.name));
  };

  const learnMore = () => {
    const heading = aboutHeading.current;
    if (!heading) return;
    heading.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  };

  const records = held.state === 'loaded' ? held.records : [];
  const levels = offeredLevels(records);

  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <div className={styles.intro}>
        <p className={styles.save}>
          {richText(t('page.save', { amount: formatAud(150, lang, { whole: true }) }), { 0: (amount) => <strong>{amount}</strong> })}
        </p>
        <button type="button" className="tca-button" onClick={learnMore}>
          {t('page.more')}
        </button>
      </div>

      <section className={styles.about} aria-labelledby="membership-about">
        <h2 id="membership-about" ref={aboutHeading} tabIndex={-1} className={styles.heading}>
          {t('about.title')}
        </h2>
        <p>{t('about.p1')}</p>
        <p>{t('about.p2')}</p>
      </section>

      <section className={styles.levels} aria-labelledby="membership-levels">
        <h2 id="membership-levels" className={styles.heading}>
          {t('levels.title')}
        </h2>
        <div className={styles.noticeArea} role="status">
          {notice ? <p className={styles.notice}>{shownText(notice)}</p> : null}
        </div>
        {levels.length > 0 ? (
          <ul className={styles.grid}>
            {levels.map((level) => (
              <li key={level.name}>
                <LevelCard level={level} onChoose={(chosen, opener) => void choose(chosen, opener)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>{t('levels.none')}</p>
        )}
      </section>

      {confirming ? (
        <ConfirmModal level={confirming.level} onConfirm={confirm} onClose={() => setConfirming(null)} returnFocusTo={confirming.opener} />
      ) : null}
    </Page>
  );
}
