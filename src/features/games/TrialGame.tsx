/**
 * A free demo game in the game frame (docs/games.md, "Trial"): GCS_gameTrialLaunch, then the frame.
 * With the vendor known, the bar offers the real game: "Play for real" to a member, "Log in to play
 * for real" to a visitor (the launch page asks a visitor to log in first).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { isLoggedIn } from '../../core/session/sessionInfo.ts';
import { useT } from '../../ui/useT.ts';
import { GameFrame, type GameFrameProps } from './GameFrame.tsx';
import { launchTrial } from './launch.ts';

export interface TrialGameProps extends Omit<GameFrameProps, 'open' | 'name' | 'action'> {
  gameId?: string;
  nodeId?: string;
  /** The game's name in the bar (default: 'Free demo'). */
  name?: string;
  /** Opens the vendor's real game; without it the bar offers none. */
  onPlay?: () => void;
}

export function TrialGame({ gameId, nodeId, name, onPlay, ...rest }: TrialGameProps) {
  useSignals();
  const { t } = useT();
  return (
    <GameFrame
      key={`${gameId ?? ''}|${nodeId ?? ''}`}
      name={name || t('games.trial')}
      open={(signal) =>
        gameId ? launchTrial(gameId, nodeId, signal) : Promise.resolve({ ok: false, failure: { kind: 'failed' } })
      }
      action={onPlay ? { label: t(isLoggedIn.value ? 'games.play_real' : 'games.play_real_login'), onClick: onPlay } : undefined}
      {...rest}
    />
  );
}
