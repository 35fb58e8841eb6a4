/** The domain-error modal (docs/product.md §8): the status call said domain_not_available. */
import { useSignals } from '@preact/signals-react/runtime';
import { domainFailure, reloadSiteStatus, siteStatus } from '../../core/config/siteStatus.ts';
import { customerServiceUrl } from '../../core/config/customerService.ts';
import { Notice } from '../../ui/Notice.tsx';
import { useOverlayPause } from '../../ui/useOverlayBlock.ts';
import { useT } from '../../ui/useT.ts';

export function DomainError({ onContact }: { onContact: (url: string | undefined) => void }) {
  useSignals();
  const { t, dir } = useT();
  const failure = domainFailure.value;
  // A blocking status screen: the overlay on screen waits behind it (docs/product.md §2).
  useOverlayPause(!!failure);
  if (!failure) return null;
  return (
    <Notice
      message={failure.message || t('error')}
      forced
      dir={dir}
      layer="status"
      actions={[
        { label: t('customer_service'), onClick: () => onContact(customerServiceUrl(siteStatus.value?.info)) },
        { label: t('retry'), primary: true, onClick: () => void reloadSiteStatus() },
      ]}
    />
  );
}
