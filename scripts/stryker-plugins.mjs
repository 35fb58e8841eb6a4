// Stryker plugins of the mutation run (scripts/mutate.mjs).
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';
import { browserRunnerPlugin } from './stryker-browser-runner.mjs';

/**
 * `markup`: no mutants in the text of JSX attributes (class names, parts, ids, input types) or in
 * console messages. Changing them alters styling, structure or a log line, which the eye, axe-core
 * and the elements' contract test judge; as mutants they only made the run slower.
 */
const markup = {
  shouldIgnore(path) {
    if ((path.isStringLiteral() || path.isTemplateLiteral()) && path.parentPath?.isJSXAttribute()) return 'JSX attribute text';
    if (path.isCallExpression()) {
      const callee = path.get('callee');
      if (callee.isMemberExpression() && callee.get('object').isIdentifier({ name: 'console' })) return 'console message';
    }
    return undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'markup', markup), browserRunnerPlugin];

/** The browser runner's own option (`wpsBrowser.files`), so Stryker validates it instead of warning. */
export const strykerValidationSchema = {
  properties: {
    wpsBrowser: {
      type: 'object',
      properties: {
        files: { type: 'array', items: { type: 'string' } },
        only: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      },
      additionalProperties: false,
    },
  },
};
