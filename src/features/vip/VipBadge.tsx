/** The member's VIP badge (docs/engagement.md, "VIP"): label and level, the progress bar, the benefits link for AUTO labels. */
import { useSignals } from '@preact/signals-react/runtime';
import { memberInfo } from '../../core/session/member.ts';
import { token } from '../../core/session/sessionInfo.ts';
import { useT } from '../../ui/useT.ts';
import { rankProgress, vipState } from './model.ts';

/** Without `onBenefits` there is no benefits link (nowhere to open it). */
export function VipBadge({ onBenefits }: { onBenefits?: () => void }) {
  useSignals();
  const { t, dir } = useT();
  const state = vipState(memberInfo.value, rankProgress.value);
  // Member info may outlive a logout by a moment (it is cleared by its own watcher): no session, no badge.
  if (!token.value || !state.vip) return null;
  const percent = Math.round(state.progress * 100);
  return (
    <div className="vip" part="vip" dir={dir}>
      <span className="vip-label" part="label">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M3 8l4.5 3.5L12 4l4.5 7.5L21 8l-2 11H5z" fill="currentColor" />
        </svg>
        {state.labelName}
        {state.level !== undefined ? <span part="level"> · {t('vip.level', { level: state.level })}</span> : null}
      </span>
      <span className="vip-progress" part="progress">
        <span
          className="vip-bar"
          role="progressbar"
          aria-label={t('vip.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('vip.progress_value', { percent })}
        >
          <span className="vip-fill" style={{ width: `${percent}%` }} />
        </span>
        <span className="vip-percent" aria-hidden="true">
          {percent}%
        </span>
      </span>
      {state.benefits && onBenefits ? (
        <button type="button" className="vip-benefits" part="benefits" onClick={onBenefits}>
          {t('vip.benefits')}
        </button>
      ) : null}
    </div>
  );
}
