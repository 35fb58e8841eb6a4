/* global exports */
'use strict';
/**
 * /m's host build only (rollup.config.mjs): the one thing React DOM's client reads from the
 * `react-dom` package, its shared internals, as React DOM 19.3.1 defines them
 * (react-dom/cjs/react-dom.production.js, copied as is; CommonJS like it, so React DOM's `require` needs no
 * interop helper). Nothing in /m imports `react-dom` itself
 * (createPortal, flushSync, the resource hints): without them main.js is lighter
 * (docs/performance.md). A module that imports one of them would get undefined: the alias must go
 * first. `test/build/react-dom-shim.test.ts` checks this copy against the installed React DOM.
 */
function formatProdErrorMessage(code) {
  var url = 'https://react.dev/errors/' + code;
  if (1 < arguments.length) {
    url += '?args[]=' + encodeURIComponent(arguments[1]);
    for (var i = 2; i < arguments.length; i++) url += '&args[]=' + encodeURIComponent(arguments[i]);
  }
  return (
    'Minified React error #' +
    code +
    '; visit ' +
    url +
    ' for the full message or use the non-minified dev environment for full errors and additional helpful warnings.'
  );
}
function noop() {}
exports.__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE = {
  d: {
    f: noop,
    r: function () {
      throw Error(formatProdErrorMessage(522));
    },
    D: noop,
    C: noop,
    L: noop,
    m: noop,
    X: noop,
    S: noop,
    M: noop,
  },
  p: 0,
  findDOMNode: null,
};
