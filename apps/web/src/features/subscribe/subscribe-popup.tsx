/** The global subscribe popup: the form inside the shared dialog, at the requested position. */
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog, DialogCloseButton } from '../../components/dialog';
import { SIGNED_UP_PATH, SubscribeForm, type SubscribeSuccess } from './subscribe-form';
import { useSubscribePopup } from './subscribe-popup-context';

export default function SubscribePopup() {
  const { source, position, backdrop, closePopup } = useSubscribePopup();
  const navigate = useNavigate();
  const titleId = useId();

  const onComplete = (success: SubscribeSuccess) => {
    closePopup();
    navigate(SIGNED_UP_PATH, { state: success });
  };

  return (
    <Dialog
      labelledBy={titleId}
      onClose={closePopup}
      placement={position}
      backdrop={backdrop}
      className="subscribe-popup"
    >
      <SubscribeForm
        source={source}
        titleId={titleId}
        onComplete={onComplete}
        onCancel={closePopup}
      />
      {/* Last in the DOM (it sits in the corner), so focus starts on the form. */}
      <DialogCloseButton onClick={closePopup} />
    </Dialog>
  );
}
