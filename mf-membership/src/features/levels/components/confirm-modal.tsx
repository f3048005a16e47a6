import type { MembershipLevel } from '@tca/contracts';
import { Modal } from '@tca/ui/modal';
import { LevelBenefits } from '../../../shared/components/level-benefits.js';
import { useLang, useT } from '@tca/ui/i18n';
import { formatAud } from '@tca/ui/i18n/format';
import { levelTexts, sharedCatalog } from '../../../shared/messages.js';
import { levelsCatalog } from '../messages.js';
import styles from './confirm-modal.module.css';

interface ConfirmModalProps {
  level: MembershipLevel;
  onConfirm: () => void;
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}

/** The purchase confirmation (spec §2.3 "A confirm modal listing benefits and price"). */
export function ConfirmModal({ level, onConfirm, onClose, returnFocusTo }: ConfirmModalProps) {
  const t = useT(levelsCatalog);
  const shared = useT(sharedCatalog);
  const lang = useLang();
  const { name, term, benefits } = levelTexts(level);
  return (
    <Modal
      title={t('confirm.title', { name })}
      description={t('confirm.text', { name })}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      footer={
        <>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('confirm.cancel')}
          </button>
          <button type="button" className="tca-button" onClick={onConfirm}>
            {t('confirm.ok')}
          </button>
        </>
      }
    >
      <dl className={styles.summary}>
        <div>
          <dt>{shared('membership')}</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>{shared('term')}</dt>
          <dd>{term}</dd>
        </div>
        <div>
          <dt>{shared('price')}</dt>
          <dd>{formatAud(level.amt, lang)} AUD</dd>
        </div>
      </dl>
      <LevelBenefits heading={t('confirm.benefits')} benefits={benefits} headingClassName={styles.benefitsTitle} listClassName={styles.benefits} />
    </Modal>
  );
}
