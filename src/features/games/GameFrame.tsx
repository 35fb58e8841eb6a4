/**
 * The game frame (docs/games.md, "Frame"; docs/product.md §2 trial-game page, §4, §8, §9): a game in
 * an embedded frame under a slim bar with back, full screen and the hide-header toggle. It first asks
 * for the game's URL (`open`: a launch or a trial), then waits for the frame to load; a launch that
 * times out, or a game page not loaded after GAME_LOAD_TIMEOUT_MS, gives timeout_retry_please with a
 * retry (docs/product.md §8). The frame is sandboxed as tightly as a game allows.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOverlayBlock } from '../../ui/useOverlayBlock.ts';
import { useT } from '../../ui/useT.ts';
import { GAME_LOAD_TIMEOUT_MS, type LaunchFailure } from './launch.ts';

export type OpenResult = { ok: true; url: string } | { ok: false; failure: LaunchFailure };

export interface GameFrameProps {
  /** The game's name, for the bar and the frame's title. */
  name: string;
  /** Asks for the game's URL; asked again on retry. */
  open: (signal: AbortSignal) => Promise<OpenResult>;
  onBack: () => void;
  /** An action in the bar next to the title (a trial's "Play for real"). */
  action?: { label: string; onClick: () => void };
  onLoad?: (url: string) => void;
  onFailure?: (failure: LaunchFailure) => void;
}

type State = { phase: 'opening' } | { phase: 'loading' | 'ready'; url: string } | { phase: 'failed'; failure: LaunchFailure };

/**
 * The sandbox: scripts, forms and the game's own storage, pop-ups (a cashier or a rules page) and a
 * top navigation only from a tap (the game's own back link). A game on this page's own origin gets no
 * allow-same-origin: with it, a same-origin frame could lift its own sandbox.
 */
export function sandboxFor(url: string): string {
  const own = new URL(url, location.href).origin === location.origin;
  return [
    'allow-scripts',
    'allow-forms',
    'allow-popups',
    'allow-popups-to-escape-sandbox',
    'allow-top-navigation-by-user-activation',
    ...(own ? [] : ['allow-same-origin']),
  ].join(' ');
}

const failureKey = (f: LaunchFailure) =>
  f.kind === 'timeout' ? 'timeout_retry_please' : f.kind === 'bad-url' ? 'games.bad_url' : 'games.failed';

export function GameFrame({ name, open, onBack, action, onLoad, onFailure }: GameFrameProps) {
  const { t, dir } = useT();
  // Nothing opens by itself over a game, running, loading or failed with its Retry (docs/product.md §2).
  useOverlayBlock(true);
  const [state, setState] = useState<State>({ phase: 'opening' });
  const [round, setRound] = useState(0);
  const [barHidden, setBarHidden] = useState(false);
  // The toggle that was tapped goes away: focus moves to the one that takes its place.
  const toggled = useRef(false);
  const toggleBar = (hidden: boolean) => {
    toggled.current = true;
    setBarHidden(hidden);
  };
  useEffect(() => {
    if (!toggled.current) return;
    box.current?.querySelector<HTMLElement>(barHidden ? '.game-bar-handle' : '.game-bar-hide')?.focus();
  }, [barHidden]);
  const [fullscreen, setFullscreen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ open, onLoad, onFailure });
  callbacks.current = { open, onLoad, onFailure };

  const fail = useCallback((failure: LaunchFailure) => {
    setState({ phase: 'failed', failure });
    callbacks.current.onFailure?.(failure);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: 'opening' });
    callbacks.current.open(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.ok) setState({ phase: 'loading', url: result.url });
        else if (result.failure.kind !== 'session') fail(result.failure);
      },
      () => undefined, // aborted: the frame is gone
    );
    return () => controller.abort();
  }, [round, fail]);

  // The game page must load within its time, else the player gets the retry.
  const loadingUrl = state.phase === 'loading' ? state.url : undefined;
  useEffect(() => {
    if (!loadingUrl) return;
    const timer = setTimeout(() => fail({ kind: 'timeout' }), GAME_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [loadingUrl, fail]);

  // Told once the frame shows the game (after the page has rendered it so).
  const readyUrl = state.phase === 'ready' ? state.url : undefined;
  useEffect(() => {
    if (readyUrl) callbacks.current.onLoad?.(readyUrl);
  }, [readyUrl]);

  useEffect(() => {
    // Asked of the frame's own root: inside an element's shadow root the document reports the host.
    const sync = () => {
      const el = box.current;
      setFullscreen(el !== null && (el.getRootNode() as Document | ShadowRoot).fullscreenElement === el);
    };
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void box.current?.requestFullscreen?.().catch(() => {});
  };

  return (
    <div className="game-frame" part="frame" ref={box} dir={dir} data-phase={state.phase}>
      {barHidden ? (
        <button
          type="button"
          className="game-bar-handle"
          part="show-bar"
          aria-label={t('games.show_header')}
          aria-expanded="false"
          onClick={() => toggleBar(false)}
        >
          <Icon d="M6 9l6 6 6-6" />
        </button>
      ) : (
        <header className="game-bar" part="bar">
          <button type="button" className="game-bar-btn" part="back" aria-label={t('games.back')} onClick={onBack}>
            <Icon d={dir === 'rtl' ? 'M9 6l6 6-6 6' : 'M15 6l-6 6 6 6'} />
          </button>
          <h1 className="game-bar-title" part="title" dir="auto">
            {name}
          </h1>
          {action ? (
            <button type="button" className="game-bar-action" part="action" onClick={action.onClick}>
              {action.label}
            </button>
          ) : null}
          {canFullscreen ? (
            <button
              type="button"
              className="game-bar-btn"
              part="fullscreen"
              aria-label={t(fullscreen ? 'games.exit_fullscreen' : 'games.fullscreen')}
              aria-pressed={fullscreen}
              onClick={toggleFullscreen}
            >
              <Icon d={fullscreen ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} />
            </button>
          ) : null}
          <button
            type="button"
            className="game-bar-btn game-bar-hide"
            part="hide-bar"
            aria-label={t('games.hide_header')}
            aria-expanded="true"
            onClick={() => toggleBar(true)}
          >
            <Icon d="M6 15l6-6 6 6" />
          </button>
        </header>
      )}
      <div className="game-stage" part="stage">
        {state.phase === 'loading' || state.phase === 'ready' ? (
          <iframe
            key={`${state.url}#${round}`}
            className="game-iframe"
            part="iframe"
            src={state.url}
            title={t('games.frame', { name })}
            sandbox={sandboxFor(state.url)}
            allow="fullscreen; autoplay"
            referrerPolicy="no-referrer"
            // Once per game: later loads are the game moving between its own pages.
            onLoad={() => setState((s) => (s.phase === 'loading' ? { phase: 'ready', url: s.url } : s))}
          />
        ) : null}
        {state.phase === 'opening' || state.phase === 'loading' ? (
          <div className="game-status" part="status" role="status" aria-live="polite">
            <div className="game-spinner" aria-hidden="true" />
            <p>{t(state.phase === 'opening' ? 'games.opening' : 'games.loading')}</p>
          </div>
        ) : null}
        {state.phase === 'failed' ? (
          <div className="game-status game-failed" part="failed" role="alert">
            <p>
              {state.failure.kind === 'failed' && state.failure.message ? state.failure.message : t(failureKey(state.failure))}
            </p>
            <div className="game-actions">
              {state.failure.kind === 'bad-url' ? null : (
                <button type="button" className="game-btn game-btn-primary" part="retry" onClick={() => setRound((r) => r + 1)}>
                  {t('retry')}
                </button>
              )}
              <button type="button" className="game-btn" part="failed-back" onClick={onBack}>
                {t('games.back')}
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
