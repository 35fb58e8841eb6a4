/** A free demo game in the game frame (docs/games.md, "Trial"): GCS_gameTrialLaunch, then the frame. */
import { useT } from '../../ui/useT.ts';
import { GameFrame, type GameFrameProps } from './GameFrame.tsx';
import { launchTrial } from './launch.ts';

export interface TrialGameProps extends Omit<GameFrameProps, 'open' | 'name'> {
  gameId?: string;
  nodeId?: string;
  /** The game's name in the bar (default: 'Free demo'). */
  name?: string;
}

export function TrialGame({ gameId, nodeId, name, ...rest }: TrialGameProps) {
  const { t } = useT();
  return (
    <GameFrame
      key={`${gameId ?? ''}|${nodeId ?? ''}`}
      name={name || t('games.trial')}
      open={(signal) =>
        gameId ? launchTrial(gameId, nodeId, signal) : Promise.resolve({ ok: false, failure: { kind: 'failed' } })
      }
      {...rest}
    />
  );
}
