/** The update notice (docs/product.md §2): a new release is out; Refresh loads it. Shown once. */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Notice } from '../../ui/Notice.tsx';
import { useT } from '../../ui/useT.ts';
import { updateAvailable } from './model.ts';

export function UpdateNotice({ onRefresh }: { onRefresh: () => void }) {
  useSignals();
  const { t, dir } = useT();
  const [dismissed, setDismissed] = useState(false);
  if (!updateAvailable.value || dismissed) return null;
  return (
    <Notice
      message={t('update.message')}
      dir={dir}
      onDismiss={() => setDismissed(true)}
      actions={[{ label: t('update.refresh'), primary: true, onClick: onRefresh }]}
    />
  );
}
