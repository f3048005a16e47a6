import type { MembershipLevel } from '@tca/contracts';
import { Modal } from '@tca/ui/modal';
import { LevelBenefits } from '../../../shared/components/level-benefits.js';
import { formatAud, termText } from '../../../shared/level-text.js';
import styles from './confirm-modal.module.css';

interface ConfirmModalProps {
  level: MembershipLevel;
  onConfirm: () => void;
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}

/** The purchase confirmation (spec §2.3 "A confirm modal listing benefits and price"). */
export function ConfirmModal({ level, onConfirm, onClose, returnFocusTo }: ConfirmModalProps) {
  return (
    <Modal
      title={`Confirm ${level.name}`}
      description={`You are about to buy the ${level.name} membership. Next you will enter your member details.`}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      footer={
        <>
          <button type="button" className={styles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="tca-button" onClick={onConfirm}>
            Confirm
          </button>
        </>
      }
    >
      <dl className={styles.summary}>
        <div>
          <dt>Membership</dt>
          <dd>{level.name}</dd>
        </div>
        <div>
          <dt>Term</dt>
          <dd>{termText(level)}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatAud(level.amt)} AUD</dd>
        </div>
      </dl>
      <LevelBenefits heading="Benefits" benefits={level.benefits} headingClassName={styles.benefitsTitle} listClassName={styles.benefits} />
    </Modal>
  );
}
