/**
 * /m's host build only (rollup.config.mjs, `hostReact`): what React DOM's client reads from `react`
 * (its shared internals and the version it checks), so its `require('react')` does not hold on to
 * every export of React: the ones /m never uses (Children, cloneElement, cache...) are left out.
 */
export { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE, version } from 'react';
