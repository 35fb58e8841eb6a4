/**
 * The download bar at the top of the page (docs/product.md §2): icon, name, 5.0 grade, gift, download,
 * close. Built with the DOM, no framework: `<wps-download-bar>` is often the only element on a
 * merchant's page, and this way it loads no runtime (docs/performance.md, "The download bar's bytes").
 * The markup is what the React view rendered, part for part.
 */
import { isRtl, language, t } from '../../core/i18n/i18n.ts';
import { GRADE, downloadBar, handOverInApp, hideForSession, openDownload } from './model.ts';

export interface DownloadBarProps {
  /** Return false to stop the default (opening the link). */
  onDownload?: (url: string) => boolean | void;
  onClose?: () => void;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An element with its attributes (a function value becomes a click listener) and children. */
function h(tag: string, attrs: Record<string, string | (() => void)>, ...children: (Node | string)[]): Element {
  const el = tag === 'svg' || tag === 'path' ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener('click', value);
    else el.setAttribute(name, value);
  }
  el.append(...children);
  return el;
}

/** What the bar shows now: the `<aside>`, or nothing when it is hidden or the status is not in yet. */
export function renderDownloadBar({ onDownload, onClose }: DownloadBarProps): Element | null {
  const data = downloadBar.value;
  if (!data) return null;
  const dir = isRtl(language.value) ? 'rtl' : 'ltr';
  return h(
    'aside',
    { class: 'bar', part: 'bar', 'aria-label': t('download_bar.label'), dir },
    h(
      'button',
      {
        type: 'button',
        class: 'close',
        part: 'close',
        'aria-label': t('download_bar.close'),
        onclick: () => {
          hideForSession();
          onClose?.();
        },
      },
      '×',
    ),
    ...(data.iconUrl ? [h('img', { class: 'icon', part: 'icon', src: data.iconUrl, alt: '', width: '40', height: '40' })] : []),
    h(
      'div',
      { class: 'text' },
      h('span', { class: 'name', part: 'name' }, data.name),
      h(
        'span',
        { class: 'grade', part: 'grade' },
        h('span', { class: 'stars', 'aria-hidden': 'true' }, '★★★★★'),
        h('span', { 'aria-label': t('download_bar.grade', { grade: GRADE }) }, GRADE),
      ),
    ),
    ...(data.gift
      ? [
          h(
            'svg',
            {
              class: 'gift',
              part: 'gift',
              role: 'img',
              'aria-label': t('download_bar.gift'),
              viewBox: '0 0 24 24',
              width: '24',
              height: '24',
            },
            h('path', { fill: '#d62f3a', d: 'M3 10h18v4H3zM4 14h16v7H4z' }),
            h('path', { fill: '#f5c518', d: 'M11 10h2v11h-2z' }),
            h('path', {
              fill: 'none',
              stroke: '#d62f3a',
              'stroke-width': '2',
              d: 'M12 10C10 5 6 5 7 8s5 2 5 2zm0 0c2-5 6-5 5-2s-5 2-5 2z',
            }),
          ),
        ]
      : []),
    h(
      'button',
      {
        type: 'button',
        class: 'wps-button',
        part: 'download',
        onclick: () => {
          if (handOverInApp()) return;
          if (onDownload?.(data.link) !== false) openDownload(data.link);
        },
      },
      t('download_bar.download'),
    ),
  );
}
