import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Modal } from '@tca/ui/modal';

interface NotAllowedDialogProps {
  title: string;
  message: string;
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}

/** Spec §8 'Submission Not Allowed': a request for this e-mail and level exists already. */
export function NotAllowedDialog({ title, message, onClose, returnFocusTo }: NotAllowedDialogProps) {
  return (
    <Modal
      title={title}
      description={message}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      footer={
        <button type="button" className="tca-button" onClick={onClose}>
          OK
        </button>
      }
    >
      <p>
        Your <Link to={paths.profile}>profile</Link> shows the request and its status.
      </p>
    </Modal>
  );
}
