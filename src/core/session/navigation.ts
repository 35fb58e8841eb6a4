/**
 * One way to move to another /m page from anywhere (error reactions, notices, features).
 * The host page installs its router here; elsewhere (a merchant's page) it is a full navigation
 * to the operator's /m on the API base.
 */
import { resolveUrl } from '../config/config.ts';

type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (path, options) => {
  const url = resolveUrl(path);
  if (options?.replace) location.replace(url);
  else location.assign(url);
};

export function setNavigator(fn: Navigate) {
  navigator = fn;
}

export function navigate(path: string, options?: { replace?: boolean }) {
  navigator(path, options);
}
