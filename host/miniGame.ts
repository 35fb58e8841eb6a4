/**
 * The mini-game button on /m (docs/mini-game.md, docs/games.md "Mini game"): with the whitelabel flag
 * LOTTMINIGAME3 on (docs/product.md §6), the pages that show it (home, the game catalogue) load
 * /mini-game/minigame.js once and keep one `<wps-mini-game>` in the body, in the app's language; on
 * every other page (a game in its frame, a form) it is hidden, not removed, so it keeps its place.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { isFlagOn } from '../src/core/config/siteStatus.ts';
import { language } from '../src/core/i18n/i18n.ts';

export const MINI_GAME_FLAG = 'LOTTMINIGAME3';
export const MINI_GAME_SCRIPT = '/mini-game/minigame.js';

function button(): HTMLElement {
  let el = document.querySelector<HTMLElement>('wps-mini-game');
  if (!el) {
    el = document.createElement('wps-mini-game');
    document.body.append(el);
  }
  if (!document.querySelector(`script[src="${MINI_GAME_SCRIPT}"]`)) {
    const script = document.createElement('script');
    script.src = MINI_GAME_SCRIPT;
    script.async = true;
    document.head.append(script);
  }
  return el;
}

/** Shows the mini-game button while the calling page is on screen (when the merchant has it on). */
export function useMiniGame(): void {
  useSignals();
  const on = isFlagOn(MINI_GAME_FLAG);
  const lang = language.value;
  useEffect(() => {
    if (!on) return;
    const el = button();
    el.hidden = false;
    return () => {
      el.hidden = true;
    };
  }, [on]);
  useEffect(() => {
    if (on) button().setAttribute('lang', lang);
  }, [on, lang]);
}
