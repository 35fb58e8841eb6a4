/**
 * A session token that arrives in the address (`?token=` or `?tokens=`, docs/product.md §2, "Session
 * handover"). The page's inline snippet (host/preload.ts) takes it out of the address bar before the
 * stylesheet and scripts are asked for, so it stays out of the history, of a link shared from the
 * bar and of any Referer; the boot (host/main.tsx) then decides what it may do:
 * - no session here: the token starts one (the hand-off from a merchant page, a mail link);
 * - the same session: nothing to do;
 * - another session: the token does not replace it silently (a link from someone else would make
 *   the player play, and deposit, as that someone: login CSRF). The player is asked which account
 *   to continue with; keeping theirs is the default and forgets the link's token.
 */
import { tokenFromQuery, withoutToken } from './routeRules.ts';

type Carrier = { __wpsUrlToken?: string };

/**
 * The token the address brought, taken out of the address bar on the first call (the inline
 * snippet's, or the boot's where there is no snippet); later calls answer the same token.
 */
export function takeAddressToken(): string | undefined {
  const carrier = window as unknown as Carrier;
  if (carrier.__wpsUrlToken === undefined) {
    const found = tokenFromQuery(location.search, location.pathname);
    carrier.__wpsUrlToken = found ?? '';
    if (found)
      history.replaceState(
        history.state,
        '',
        location.pathname + withoutToken(location.search, location.pathname) + location.hash,
      );
  }
  return carrier.__wpsUrlToken || undefined;
}

/** What the boot does with the address's token, given the current session's. */
export type Handover = 'none' | 'take' | 'same' | 'ask';

export function handoverOf(addressToken: string | undefined, sessionToken: string | undefined): Handover {
  if (!addressToken) return 'none';
  if (!sessionToken) return 'take';
  return addressToken === sessionToken ? 'same' : 'ask';
}
