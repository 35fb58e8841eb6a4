/**
 * A member who opens a page meant for visitors (login, registration) is taken home
 * (docs/product.md §2). Decided when the page opens: a login or registration on the page itself
 * goes on where its form sends it.
 */
import { useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { isLoggedIn } from '../src/core/session/sessionInfo.ts';
import { carriedHref } from './AppLink.tsx';

/** The redirect home when the page was opened with a session, else null. */
export function useMemberGoesHome() {
  const search = useSearch();
  const [openedAsMember] = useState(() => isLoggedIn.value);
  return openedAsMember ? <Redirect to={carriedHref('/m/home', search)} replace /> : null;
}
