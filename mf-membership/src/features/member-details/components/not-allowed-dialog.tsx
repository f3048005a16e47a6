import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { Modal } from '@tca/ui/modal';
import { detailsCatalog } from '../messages.js';

interface NotAllowedDialogProps {
  title: string;
  message: string;
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}

/** Spec §8 'Submission Not Allowed': a request for this e-mail and level exists already. */
export function NotAllowedDialog({ title, message, onClose, returnFocusTo }: NotAllowedDialogProps) {
  const t = useT(detailsCatalog);
  return (
    <Modal
      title={title}
      description={message}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      footer={
        <button type="button" className="tca-button" onClick={onClose}>
          {t('na.ok')}
        </button>
      }
    >
      <p>
        {richText(t('na.text'), { 0: (text) => <Link to={paths.profile}>{text}</Link> })}
      </p>
    </Modal>
  );
}
