/** The notice/alert dialog: optional title, a message, one or two buttons. */
import { useId } from 'react';
import { Modal } from './Modal.tsx';

export interface NoticeAction {
  label: string;
  primary?: boolean;
  /** Focused when the notice opens (the safe choice of a question); else the first button is. */
  autoFocus?: boolean;
  onClick: () => void;
}

export interface NoticeProps {
  heading?: string;
  message: string;
  actions: NoticeAction[];
  forced?: boolean;
  dir?: 'ltr' | 'rtl';
  onDismiss?: () => void;
  layer?: 'modal' | 'status';
}

export function Notice({ heading, message, actions, forced, dir, onDismiss, layer }: NoticeProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Modal
      role="alertdialog"
      titleId={heading ? titleId : messageId}
      describedBy={heading ? messageId : undefined}
      forced={forced}
      onClose={onDismiss}
      dir={dir}
      layer={layer}
    >
      {heading ? (
        <h2 id={titleId} part="title">
          {heading}
        </h2>
      ) : null}
      <p id={messageId} part="message">
        {message}
      </p>
      <div className="wps-actions" part="actions">
        {actions.map((a, i) => (
          <button
            key={i}
            type="button"
            className={a.primary ? 'primary' : undefined}
            part={a.primary ? 'button confirm' : 'button cancel'}
            data-autofocus={a.autoFocus ? '' : undefined}
            onClick={a.onClick}
          >
            {a.label}
          </button>
        ))}
      </div>
    </Modal>
  );
}
