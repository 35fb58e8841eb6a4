/** The app-upgrade modal inside the native app (docs/product.md §2, §4): update now, or later unless mandatory. */
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { OVERLAY_PRIORITY } from '../../core/overlay/queue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useOverlayTurn } from '../../ui/useOverlayTurn.ts';
import { useT } from '../../ui/useT.ts';
import { currentUpgrade, hideUpgrade, type Upgrade } from './upgrade.ts';

export interface AppUpgradeProps {
  /** Return false to keep the default (starting the update) from happening. */
  onUpdate?: (upgrade: Upgrade) => boolean | void;
  onLater?: () => void;
  start: (upgrade: Upgrade) => void;
}

export function AppUpgrade({ onUpdate, onLater, start }: AppUpgradeProps) {
  useSignals();
  const { t, dir } = useT();
  const titleId = useId();
  const textId = useId();
  const upgrade = currentUpgrade.value;
  const turn = useOverlayTurn('app-upgrade', OVERLAY_PRIORITY.appUpgrade, upgrade !== undefined);
  if (!turn || !upgrade) return null;
  const app = siteStatus.value?.info.appName ?? '';
  const later = () => {
    hideUpgrade();
    onLater?.();
  };
  return (
    <Modal role="alertdialog" titleId={titleId} describedBy={textId} forced={upgrade.mandatory} onClose={later} dir={dir}>
      <h2 id={titleId} part="title">
        {t('app_upgrade.title')}
      </h2>
      <p id={textId} part="message">
        {t('app_upgrade.text', { app })}
        {upgrade.mandatory ? `\n${t('app_upgrade.mandatory')}` : ''}
      </p>
      <div className="wps-actions" part="actions">
        {upgrade.mandatory ? null : (
          <button type="button" part="later" onClick={later}>
            {t('app_upgrade.later')}
          </button>
        )}
        <button
          type="button"
          className="primary"
          part="update"
          onClick={() => {
            if (onUpdate?.(upgrade) !== false) start(upgrade);
          }}
        >
          {t('app_upgrade.update')}
        </button>
      </div>
    </Modal>
  );
}
