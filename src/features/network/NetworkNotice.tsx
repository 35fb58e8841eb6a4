/** Network notices (docs/product.md §2, §8): no connection while offline, and an unstable line with Retry. */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../ui/useT.ts';
import { lineUnstable, offlineMessage, online, retryLine } from './model.ts';

export function NetworkNotice() {
  useSignals();
  const { t, dir } = useT();
  const [retrying, setRetrying] = useState(false);
  return (
    <>
      {offlineMessage.value ? (
        <div className="toast" part="toast" role="status" dir={dir}>
          {t('network.offline')}
        </div>
      ) : null}
      {!online.value ? (
        <div className="banner" part="banner offline" role="alert" dir={dir}>
          <span className="text">{t('network.no_connection')}</span>
        </div>
      ) : lineUnstable.value ? (
        <div className="banner" part="banner unstable" role="alert" dir={dir}>
          <span className="text">{t('network.unstable')}</span>
          <button
            type="button"
            className="wps-button"
            part="retry"
            disabled={retrying}
            onClick={() => {
              setRetrying(true);
              void retryLine().finally(() => setRetrying(false));
            }}
          >
            {t('retry')}
          </button>
        </div>
      ) : null}
    </>
  );
}
