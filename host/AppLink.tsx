/** In-app link that keeps the carried query parameters (docs/product.md §2) and navigates without a reload. */
import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { withCarriedParams } from '../src/core/session/routeRules.ts';
import { storedTrackingParams } from '../src/core/session/landing.ts';

export function carriedHref(to: string, search: string) {
  return withCarriedParams(to, search, storedTrackingParams());
}

/**
 * History state of a page reached by an in-app move: the top bar's back control goes back only then
 * (else it goes home: an installed app has no browser back button, and a page opened from outside has
 * nothing of ours to go back to).
 */
export const IN_APP_STATE = { wpsInApp: true } as const;

/** Whether the current page was reached by an in-app move. */
export function cameFromApp(): boolean {
  return (history.state as { wpsInApp?: boolean } | null)?.wpsInApp === true;
}

/** The navigator the host installs for core: every in-app move keeps the carried parameters. */
export function hostNavigate(to: string, options?: { replace?: boolean }) {
  browserNavigate(carriedHref(to, location.search), {
    replace: options?.replace,
    // A replacement keeps the way back of the page it replaces.
    state: options?.replace ? history.state : IN_APP_STATE,
  });
}

export function AppLink({
  to,
  className,
  current,
  describedBy,
  children,
}: {
  to: string;
  className?: string;
  current?: boolean;
  /** The id of what the link is about, when its own text is short ("Go"). */
  describedBy?: string;
  children: ReactNode;
}) {
  const href = carriedHref(to, useSearch());
  return (
    <a
      href={href}
      className={className}
      aria-current={current ? 'page' : undefined}
      aria-describedby={describedBy}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        browserNavigate(href, { state: IN_APP_STATE });
      }}
    >
      {children}
    </a>
  );
}
