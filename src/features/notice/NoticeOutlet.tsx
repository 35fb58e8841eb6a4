/**
 * Shows the first notice of the queue the error catalogue and features post to. A notice answers
 * something that just happened (an error, a lost session): it never waits for the overlay queue, and
 * while one is on screen no overlay that comes by itself (install offer, popups) takes a free turn.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { closeNotice, notices } from '../../core/notice/notices.ts';
import { Notice } from '../../ui/Notice.tsx';
import { useOverlayHold } from '../../ui/useOverlayTurn.ts';
import { useT } from '../../ui/useT.ts';

export function NoticeOutlet() {
  useSignals();
  const { t, dir } = useT();
  const current = notices.value[0];
  // Priority 0: no overlay may take a free turn meanwhile (one already on screen stays).
  useOverlayHold(0, current !== undefined);
  if (!current) return null;
  const message = current.message || t(current.messageKey ?? 'unknown_error', current.messageValues);
  return (
    <Notice
      key={current.id}
      heading={current.titleKey ? t(current.titleKey) : undefined}
      message={message}
      forced={current.forced}
      dir={dir}
      onDismiss={() => closeNotice(current.id)}
      actions={current.buttons.map((b, i) => ({
        label: t(b.labelKey),
        primary: i === current.buttons.length - 1,
        autoFocus: b.autoFocus,
        onClick: () => closeNotice(current.id, b),
      }))}
    />
  );
}
