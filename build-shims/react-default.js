/**
 * /m's host build only (rollup.config.mjs, `hostReact`): React as a default import, for
 * @r2wc/react-to-web-component (`import React from 'react'`, then React.createElement), without
 * keeping every export of React.
 */
import { createElement } from 'react';

export default { createElement };
