/** In-app link that keeps the carried query parameters (docs/product.md §2) and navigates without a reload. */
import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { withCarriedParams } from '../src/core/session/routeRules.ts';
import { storedTrackingParams } from '../src/core/session/landing.ts';

export function carriedHref(to: string, search: string) {
  return withCarriedParams(to, search, storedTrackingParams());
}

/** The navigator the host installs for core: every in-app move keeps the carried parameters. */
export function hostNavigate(to: string, options?: { replace?: boolean }) {
  browserNavigate(carriedHref(to, location.search), options);
}

export function AppLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const href = carriedHref(to, useSearch());
  return (
    <a
      href={href}
      className={className}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        browserNavigate(href);
      }}
    >
      {children}
    </a>
  );
}
