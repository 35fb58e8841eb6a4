/*
 * The /dev/ page's field-data charts (docs/field-data.md): one small SVG chart per metric, drawn
 * from GET /dev/vitals by dev.js. Text goes in with textContent and attributes with setAttribute only.
 */

/** The Core Web Vitals thresholds (src/contract/fieldData.ts) and how each metric reads. */
export const VITALS = [
  { name: 'LCP', title: 'Largest contentful paint', good: 2500, poor: 4000 },
  { name: 'INP', title: 'Interaction to next paint', good: 200, poor: 500 },
  { name: 'CLS', title: 'Cumulative layout shift', good: 0.1, poor: 0.25 },
  { name: 'FCP', title: 'First contentful paint', good: 1800, poor: 3000 },
  { name: 'TTFB', title: 'Time to first byte', good: 800, poor: 1800 },
];
export const vitalText = (name, value) =>
  name === 'CLS'
    ? String(Number(value.toFixed(3)))
    : value >= 1000
      ? `${Number((value / 1000).toFixed(2))} s`
      : `${Math.round(value)} ms`;
export const percent = (share) => `${Math.round(share * 100)} %`;

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag, attributes, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * One small chart per metric: a bar per route, split into the good, needs-improvement and poor
 * shares of its page loads, with the route, its p75 and its count written above the bar.
 */
export function vitalChart(metric, rows) {
  const figure = document.createElement('figure');
  const caption = document.createElement('figcaption');
  const limits = `good ≤ ${vitalText(metric.name, metric.good)}, poor > ${vitalText(metric.name, metric.poor)}`;
  caption.textContent = `${metric.name}: ${metric.title} (${limits})`;
  const width = 320;
  const rowHeight = 34;
  const height = Math.max(1, rows.length) * rowHeight + 6;
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, width: '100%', role: 'img' });
  chart.append(
    svg(
      'title',
      {},
      `${metric.name} by route: ${rows.map((r) => `${r.route} p75 ${vitalText(metric.name, r.p75)}`).join('; ') || 'no data'}`,
    ),
  );
  if (rows.length === 0) chart.append(svg('text', { x: 0, y: 20, class: 'chart-label' }, 'No data yet'));
  rows.forEach((r, i) => {
    const y = i * rowHeight;
    chart.append(svg('text', { x: 0, y: y + 12, class: 'chart-label' }, r.route));
    const rating = r.p75 <= metric.good ? 'good' : r.p75 > metric.poor ? 'poor' : 'ni';
    chart.append(
      svg(
        'text',
        { x: width, y: y + 12, 'text-anchor': 'end', class: `chart-value ${rating}` },
        `p75 ${vitalText(metric.name, r.p75)} · ${r.count} ${r.count === 1 ? 'load' : 'loads'}`,
      ),
    );
    let x = 0;
    for (const [share, kind] of [
      [r.good, 'good'],
      [r.needsImprovement, 'ni'],
      [r.poor, 'poor'],
    ]) {
      const w = share * width;
      if (w > 0) chart.append(svg('rect', { x, y: y + 17, width: w, height: 12, class: `bar ${kind}` }, undefined));
      x += w;
    }
  });
  figure.append(caption, chart);
  return figure;
}
