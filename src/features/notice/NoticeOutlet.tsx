/** Shows the first notice of the queue the error catalogue and features post to. */
import { useSignals } from '@preact/signals-react/runtime';
import { closeNotice, notices } from '../../core/notice/notices.ts';
import { Notice } from '../../ui/Notice.tsx';
import { useT } from '../../ui/useT.ts';

export function NoticeOutlet() {
  useSignals();
  const { t, dir } = useT();
  const current = notices.value[0];
  if (!current) return null;
  const message = current.message || t(current.messageKey ?? 'unknown_error');
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
        onClick: () => closeNotice(current.id, b),
      }))}
    />
  );
}
