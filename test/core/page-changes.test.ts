/**
 * Page changes of the /m app (src/core/session/pageChanges.ts), which tracking's viewContent and the
 * push prompt's "never on the first page view" count: wouter's pushState and replaceState events and
 * the back button's popstate each tell a new path once; a query or hash change alone is no new page.
 */
import { expect } from 'chai';
import { HISTORY_EVENTS, onPageChange } from '../../src/core/session/pageChanges.ts';

const start = location.pathname + location.search + location.hash;
const go = (url: string, type: (typeof HISTORY_EVENTS)[number]) => {
  if (type === 'popstate') history.replaceState(null, '', url);
  else history[type](null, '', url);
  dispatchEvent(new Event(type));
};

afterEach(() => history.replaceState(null, '', start));

describe('onPageChange', () => {
  it('tells each new path once, whichever of pushState, replaceState or popstate brought it', () => {
    const seen: string[] = [];
    const stop = onPageChange((path) => seen.push(path));
    go('/m/first', 'pushState');
    go('/m/second', 'replaceState');
    go('/m/third', 'popstate');
    stop();
    expect(seen).to.deep.equal(['/m/first', '/m/second', '/m/third']);
  });

  it('a query or hash change, or an event for the same path, is no page change', () => {
    const seen: string[] = [];
    const stop = onPageChange((path) => seen.push(path));
    go(`${location.pathname}?tab=2`, 'pushState');
    go(`${location.pathname}?tab=2#top`, 'replaceState');
    dispatchEvent(new Event('popstate'));
    go('/m/next', 'pushState');
    go('/m/next?again=1', 'pushState');
    stop();
    expect(seen).to.deep.equal(['/m/next']);
  });

  it('after its stop function it hears nothing', () => {
    const seen: string[] = [];
    onPageChange((path) => seen.push(path))();
    for (const type of HISTORY_EVENTS) go(`/m/after-${type}`, type);
    expect(seen).to.deep.equal([]);
  });
});
