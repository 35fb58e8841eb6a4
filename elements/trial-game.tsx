/**
 * `<wps-trial-game>`: a free demo game in the game frame (docs/games.md, "Trial"; docs/product.md §2
 * trial-game page, §4, §7): GCS_gameTrialLaunch (gameId, nodeId, platform html5, no session) gives
 * the game's URL, checked, then shown in a sandboxed frame under a bar with back, full screen and the
 * hide-header toggle. A launch that times out, or a game page not loaded after 10 s, shows
 * timeout_retry_please with a retry. Counts as the conversion event startTrial.
 *
 * @element wps-trial-game
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {string} game-id - the trial game's id (required)
 * @attr {string} node-id - the game's node, when the operator gave one
 * @attr {string} name - the game's name in the bar (default: 'Free demo')
 * @attr {string} vendor - the game's vendor (accountTypeName): the bar then offers the real game, "Play for real" to a member, "Log in to play for real" to a visitor
 * @fires wps-game-back - cancelable: preventDefault() keeps the page where it is (else history back, or /m/game)
 * @fires wps-game-play - `{ vendor }`, cancelable: preventDefault() keeps the page where it is (else /m/launchGame opens the vendor's lobby)
 * @fires wps-game-load - `{ url }`: the game's page has loaded in the frame
 * @fires wps-game-error - `{ reason }` ('timeout', 'failed', 'bad-url'): the game could not be opened
 * @part frame - the whole viewer; also bar, back, title, fullscreen, hide-bar, show-bar, action, stage, iframe, status, failed, retry
 */
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { TrialGame } from '../src/features/games/TrialGame.tsx';
import { gamesStrings } from '../src/features/games/locales/index.ts';
import css from '../src/features/games/games.css';
import { navigate } from '../src/core/session/navigation.ts';
import { vendorGamePath } from '../src/features/games/launch.ts';

export interface TrialGameProps {
  gameId?: string;
  nodeId?: string;
  name?: string;
  vendor?: string;
}

function TrialGameElement({ host, gameId, nodeId, name, vendor }: TrialGameProps & { host: HTMLElement }) {
  return (
    <TrialGame
      gameId={gameId}
      nodeId={nodeId}
      name={name}
      onPlay={
        vendor
          ? () => {
              if (emit(host, 'wps-game-play', { vendor }, true)) navigate(vendorGamePath(vendor, name));
            }
          : undefined
      }
      onBack={() => {
        if (!emit(host, 'wps-game-back', undefined, true)) return;
        if (history.length > 1) history.back();
        else navigate('/m/game');
      }}
      onLoad={(url) => emit(host, 'wps-game-load', { url })}
      onFailure={(failure) => emit(host, 'wps-game-error', { reason: failure.kind })}
    />
  );
}

export const WpsTrialGame = defineElement<TrialGameProps>('wps-trial-game', {
  props: { gameId: 'string', nodeId: 'string', name: 'string', vendor: 'string' },
  css: [css],
  strings: [gamesStrings],
  render: (props, host) => <TrialGameElement host={host} {...props} />,
});
