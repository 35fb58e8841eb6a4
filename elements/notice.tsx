/**
 * `<wps-notice>`: the notice/alert dialog the error catalogue uses (docs/product.md §8).
 *
 * Either shows its own content while `open` is set, or, with `queue`, the notices that requests
 * and features post (for example 'please login' after a session expired); put one
 * `<wps-notice queue>` on a page to receive them. Focus moves into the dialog, Tab stays inside,
 * Escape closes unless `forced`, and focus returns on close.
 *
 * @element wps-notice
 * @attr {boolean} open - shows the dialog; removed when it closes
 * @attr {boolean} queue - show the shared notice queue instead of own content
 * @attr {string} heading - optional title
 * @attr {string} message - the text
 * @attr {string} confirm-text - label of the main button (default: OK in the page language)
 * @attr {string} cancel-text - label of a second button; without it there is one button
 * @attr {boolean} forced - Escape and the backdrop do not close it
 * @fires wps-confirm - the main button was pressed
 * @fires wps-cancel - the second button was pressed, or Escape / backdrop
 * @fires wps-close - the dialog closed; `{ reason: 'confirm' | 'cancel' }`
 * @part backdrop, dialog, title, message, actions, button, confirm, cancel
 */
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { Notice } from '../src/ui/Notice.tsx';
import { NoticeOutlet } from '../src/features/notice/NoticeOutlet.tsx';
import { useT } from '../src/ui/useT.ts';

export interface NoticeProps {
  open?: boolean;
  queue?: boolean;
  heading?: string;
  message?: string;
  confirmText?: string;
  cancelText?: string;
  forced?: boolean;
}

export interface NoticeCloseDetail {
  reason: 'confirm' | 'cancel';
}

function OwnNotice({ props, host }: { props: NoticeProps; host: HTMLElement }) {
  const { t, dir } = useT();
  if (!props.open) return null;
  const close = (reason: 'confirm' | 'cancel') => {
    emit(host, reason === 'confirm' ? 'wps-confirm' : 'wps-cancel');
    host.removeAttribute('open');
    emit<NoticeCloseDetail>(host, 'wps-close', { reason });
  };
  const actions = [
    ...(props.cancelText ? [{ label: props.cancelText, onClick: () => close('cancel') }] : []),
    { label: props.confirmText || t('ok'), primary: true, onClick: () => close('confirm') },
  ];
  return (
    <Notice
      heading={props.heading || undefined}
      message={props.message ?? ''}
      actions={actions}
      forced={props.forced}
      dir={dir}
      onDismiss={() => close('cancel')}
    />
  );
}

export const WpsNotice = defineElement<NoticeProps>('wps-notice', {
  props: {
    open: 'boolean',
    queue: 'boolean',
    heading: 'string',
    message: 'string',
    confirmText: 'string',
    cancelText: 'string',
    forced: 'boolean',
  },
  render: (props, host) => (props.queue ? <NoticeOutlet /> : <OwnNotice props={props} host={host} />),
});
