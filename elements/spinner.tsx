/**
 * `<wps-spinner>`: the full-screen loading overlay. It hides itself after 10 s (docs/product.md §9) so a lost
 * answer never locks the page.
 *
 * @element wps-spinner
 * @attr {boolean} open - shows the overlay; removed when it auto-hides
 * @attr {string} label - text under the ring (default: 'Loading…' in the page language)
 * @attr {number} timeout - auto-hide after this many ms (default 10000; 0 never)
 * @fires wps-timeout - the overlay hid itself after the timeout
 * @part overlay, box, ring, label
 */
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { Spinner, SPINNER_AUTO_HIDE_MS } from '../src/ui/Spinner.tsx';
import { useT } from '../src/ui/useT.ts';

export interface SpinnerProps {
  open?: boolean;
  label?: string;
  timeout?: number;
}

function SpinnerElement({ props, host }: { props: SpinnerProps; host: HTMLElement }) {
  const { t } = useT();
  if (!props.open) return null;
  const timeout = props.timeout === undefined || Number.isNaN(props.timeout) ? SPINNER_AUTO_HIDE_MS : props.timeout;
  return (
    <Spinner
      label={props.label || t('loading')}
      autoHideMs={timeout}
      onAutoHide={() => {
        host.removeAttribute('open');
        emit(host, 'wps-timeout');
      }}
    />
  );
}

export const WpsSpinner = defineElement<SpinnerProps>('wps-spinner', {
  props: { open: 'boolean', label: 'string', timeout: 'number' },
  render: (props, host) => <SpinnerElement props={props} host={host} />,
});
