/**
 * Dev controls under /dev/: demo and test mode only (never with NODE_ENV=production or --upstream;
 * app.ts decides). Tests and the e2e suite use them to put the server into a state, and a person
 * trying the demo uses the page `GET /dev/` to see every screen (maintenance, access denied,
 * domain error, unstable line, update notice). Later issues add routes here (SMS outbox, content).
 *
 * Every control takes a JSON body (the merchant from the `Merchant` header, default merchant when
 * absent) and answers `{ success: true, value }`; or a form post of the /dev/ page
 * (`application/x-www-form-urlencoded`, the merchant in a `merchant` field), answered with a 303 back
 * to the page. A POST whose `Origin` is another site is refused (403), so no other page can switch them.
 */
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { readBody, utf8 } from './body.ts';
import { ApiError } from './errors.ts';
import type { Deps } from './handlers.ts';
import type { Merchant } from './merchants.ts';
import { deleteMemberSessions } from './sessions.ts';
import {
  DESCRIPTION_MAX,
  LANGUAGE_CODE,
  maintenanceEndSchema,
  maintenanceTextsSchema,
  pingModeSchema,
  PING_MODES,
  TITLE_MAX,
  type MerchantState,
} from './state.ts';

const DEV_BODY_LIMIT = 16 * 1024;

const onOff = v.strictObject({ on: v.boolean() });
const maintenanceBody = v.strictObject({
  on: v.boolean(),
  end: v.optional(maintenanceEndSchema),
  texts: v.optional(maintenanceTextsSchema),
});
const pingBody = v.strictObject({ mode: pingModeSchema });
const noBody = v.strictObject({});

interface Input {
  form: boolean;
  merchant: Merchant;
  fields: Record<string, unknown>;
}

export function mountDev(app: Hono, deps: Deps): void {
  const { merchants, state } = deps;

  // Cross-site form posts (CSRF) are refused; a browser always sends Origin with a POST.
  app.use('/dev/*', async (c, next) => {
    if (c.req.method === 'POST') {
      const origin = c.req.header('Origin');
      if (origin !== undefined && !sameHost(c, origin)) {
        throw new ApiError(403, 'request.forbidden', 'Dev controls take posts from their own page only');
      }
    }
    await next();
  });

  app.get('/dev', (c) => c.redirect('/dev/', 302));
  app.get('/dev/', async (c) => {
    const merchant = merchants.byCode.get(c.req.query('merchant') ?? '') ?? merchants.byCode.get(merchants.defaultCode)!;
    const html = page(deps, merchant, await state.get(merchant));
    return c.html(html, 200, { 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  });

  app.get('/dev/health', (c) => c.json({ success: true }));

  /** The merchant's whole runtime state (server/state.ts). */
  app.get('/dev/state', async (c) => c.json({ success: true, value: await state.get(headerMerchant(c, deps)) }));

  /** `{ on, end?, texts? }`: end (epoch ms) and texts default to null. */
  app.post('/dev/maintenance', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(maintenanceBody, input.form ? maintenanceForm(input.fields) : input.fields);
    const value = await state.update(input.merchant, {
      maintenance: body.on,
      maintenanceEnd: body.end ?? null,
      maintenanceTexts: body.texts ?? null,
    });
    return answer(c, input, value);
  });

  const toggle = (path: string, field: 'regionRestriction' | 'test' | 'domainUnavailable') =>
    app.post(path, async (c) => {
      const input = await readInput(c, deps);
      const body = validate(onOff, input.form ? { on: formFlag(input.fields.on) } : input.fields);
      return answer(c, input, await state.update(input.merchant, { [field]: body.on }));
    });
  toggle('/dev/region-restriction', 'regionRestriction');
  toggle('/dev/test-flag', 'test');
  toggle('/dev/domain-unavailable', 'domainUnavailable');

  /** `{ mode: 'ok' | 'hang' | 'fail' }`. */
  app.post('/dev/ping', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(pingBody, input.form ? { mode: input.fields.mode } : input.fields);
    return answer(c, input, await state.update(input.merchant, { pingMode: body.mode }));
  });

  /** assetRevision + 1: both asset manifests change, the open page shows the update notice. */
  app.post('/dev/asset-manifest/publish', async (c) => {
    const input = await readInput(c, deps);
    if (!input.form) validate(noBody, input.fields);
    return answer(c, input, { assetRevision: await state.publish(input.merchant) });
  });

  /** Back to the merchants.json `status` block (and assetRevision 0). */
  app.post('/dev/reset', async (c) => {
    const input = await readInput(c, deps);
    if (!input.form) validate(noBody, input.fields);
    return answer(c, input, await state.reset(input.merchant));
  });

  /** Ends every session of a member of the merchant (default merchant if absent). */
  app.post('/dev/members/:username/expire-session', async (c) => {
    const input = await readInput(c, deps);
    const deleted = await deleteMemberSessions(deps.db, input.merchant.code, c.req.param('username'));
    if (deleted === undefined) throw new ApiError(404, 'not.found', 'No such member');
    return answer(c, input, { deleted });
  });
}

function sameHost(c: Context, origin: string): boolean {
  try {
    return new URL(origin).host === (c.req.header('Host') ?? new URL(c.req.url).host);
  } catch {
    return false; // "null" (sandboxed or opaque origins) and garbage
  }
}

function headerMerchant(c: Context, deps: Deps): Merchant {
  return merchantOf(c.req.header('Merchant')?.trim(), deps);
}

function merchantOf(code: string | undefined, deps: Deps): Merchant {
  const merchant = deps.merchants.byCode.get(code || deps.merchants.defaultCode);
  if (!merchant) throw new ApiError(400, 'merchant.unknown', 'Unknown merchant');
  return merchant;
}

/**
 * The body as fields: a form post (its `merchant` field names the merchant), or JSON (an empty body
 * counts as `{}`; the merchant comes from the header). An unknown merchant is `400 merchant.unknown`.
 */
async function readInput(c: Context, deps: Deps): Promise<Input> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  const text = utf8(await readBody(c.req.raw, DEV_BODY_LIMIT));
  const pick = (code: string | undefined): Merchant => merchantOf(code, deps);
  if (type === 'application/x-www-form-urlencoded') {
    // Object.fromEntries makes own properties only (a field named __proto__ stays a plain field).
    const fields: Record<string, unknown> = Object.fromEntries(new URLSearchParams(text));
    const code = typeof fields.merchant === 'string' && fields.merchant !== '' ? fields.merchant : c.req.header('Merchant')?.trim();
    delete fields.merchant;
    return { form: true, merchant: pick(code), fields };
  }
  let fields: unknown = {};
  if (text.trim() !== '') {
    try {
      fields = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'request.malformed', 'The body is not JSON');
    }
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw new ApiError(400, 'request.malformed', 'The body is not a JSON object');
  }
  return { form: false, merchant: pick(c.req.header('Merchant')?.trim()), fields: fields as Record<string, unknown> };
}

function validate<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = v.getDotPath(issue) ?? 'body';
  throw new ApiError(400, 'request.invalid', `field "${field}" is ${issue.input === undefined ? 'missing' : 'invalid'}`);
}

/** JSON: the envelope; a form post: back to the page of that merchant. */
function answer(c: Context, input: Input, value: unknown) {
  if (input.form) return c.redirect(`/dev/?merchant=${encodeURIComponent(input.merchant.code)}`, 303);
  return c.json({ success: true, value });
}

/** Form values of `on`: 1/0, true/false, on/off; anything else is left for the schema to refuse. */
function formFlag(value: unknown): unknown {
  if (value === '1' || value === 'true' || value === 'on') return true;
  if (value === '0' || value === 'false' || value === 'off') return false;
  return value;
}

/** The page's maintenance form: on, endMinutes (from now) or end (epoch ms), lang + title + description. */
function maintenanceForm(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { on: formFlag(fields.on) };
  const digits = (s: unknown) => (typeof s === 'string' && /^\d{1,16}$/.test(s) ? Number(s) : s === '' || s === undefined ? undefined : NaN);
  const minutes = digits(fields.endMinutes);
  const end = digits(fields.end);
  if (minutes !== undefined) out.end = Number.isNaN(minutes) ? 'invalid' : Date.now() + minutes * 60_000;
  else if (end !== undefined) out.end = Number.isNaN(end) ? 'invalid' : end;
  const title = typeof fields.title === 'string' ? fields.title.trim() : '';
  const description = typeof fields.description === 'string' ? fields.description.trim() : '';
  if (title || description) {
    const lang = typeof fields.lang === 'string' && fields.lang.trim() ? fields.lang.trim().toUpperCase() : 'EN';
    out.texts = { [lang]: { ...(title ? { title } : {}), ...(description ? { description } : {}) } };
  }
  return out;
}

// ---- the page ------------------------------------------------------------------------------

const STYLE = [
  'body{font:16px/1.45 system-ui,sans-serif;margin:1rem auto;max-width:48rem;padding:0 1rem;color:#222}',
  'h1{font-size:1.4rem}h2{font-size:1.1rem;margin:1.4rem 0 .3rem}p{margin:.3rem 0}',
  'table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}',
  'form{display:inline-block;margin:.2rem .4rem .2rem 0}form.block{display:block}',
  'label{display:block;margin:.25rem 0}input,textarea,button{font:inherit}textarea{width:100%;min-height:3rem}',
  '.on{color:#b00000;font-weight:bold}nav a{margin-right:.7rem}a[aria-current]{font-weight:bold}',
  '.hint{color:#555;font-size:.9rem}',
].join('\n');
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function form(action: string, merchant: Merchant, fields: Record<string, string>, button: string, inner = '', cls = ''): string {
  const hidden = Object.entries({ merchant: merchant.code, ...fields })
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  return `<form method="post" action="${esc(action)}"${cls ? ` class="${cls}"` : ''}>${hidden}${inner}<button type="submit">${esc(button)}</button></form>`;
}

function switchSection(title: string, hint: string, action: string, merchant: Merchant, on: boolean): string {
  return `<h2>${esc(title)}: <span class="${on ? 'on' : ''}">${on ? 'on' : 'off'}</span></h2>
<p class="hint">${hint}</p>
${form(action, merchant, { on: on ? '0' : '1' }, on ? 'Turn off' : 'Turn on')}`;
}

function page(deps: Deps, merchant: Merchant, s: MerchantState): string {
  const nav = [...deps.merchants.byCode.keys()]
    .map((code) => `<a href="/dev/?merchant=${esc(encodeURIComponent(code))}"${code === merchant.code ? ' aria-current="page"' : ''}>${esc(code)}</a>`)
    .join('');
  const end = s.maintenanceEnd === null ? 'none' : `${new Date(s.maintenanceEnd).toISOString()} (${s.maintenanceEnd})`;
  const rows: [string, string][] = [
    ['maintenance', `${s.maintenance}`],
    ['maintenanceEnd', end],
    ['maintenanceTexts', s.maintenanceTexts === null ? 'none' : JSON.stringify(s.maintenanceTexts)],
    ['regionRestriction', `${s.regionRestriction}`],
    ['domainUnavailable', `${s.domainUnavailable}`],
    ['pingMode', s.pingMode],
    ['test', `${s.test}`],
    ['assetRevision', `${s.assetRevision}`],
  ];
  const maintenanceStart = form(
    '/dev/maintenance',
    merchant,
    { on: '1' },
    s.maintenance ? 'Restart maintenance with these texts' : 'Start maintenance',
    `<label>Ends in minutes (optional) <input type="number" name="endMinutes" min="1" max="525600"></label>
<label>Language of the texts <input name="lang" value="EN" size="6" pattern="${LANGUAGE_CODE.source.slice(1, -1)}"></label>
<label>Title (optional; the catalogue's otherwise) <input name="title" maxlength="${TITLE_MAX}" size="40"></label>
<label>Description (optional) <textarea name="description" maxlength="${DESCRIPTION_MAX}"></textarea></label>`,
    'block',
  );
  const pingForms = PING_MODES.map((mode) =>
    form('/dev/ping', merchant, { mode }, mode === s.pingMode ? `${mode} (now)` : mode),
  ).join('');
  const members = merchant.members
    .map((m) => form(`/dev/members/${encodeURIComponent(m.username)}/expire-session`, merchant, {}, `End the sessions of ${m.username}`))
    .join('');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>wps-mobile dev controls</title>
<style>${STYLE}</style>
</head>
<body>
<h1>wps-mobile dev controls</h1>
<p>Switch a state here, then open or reload <a href="/m/home">/m/home</a> to see its screen. These
controls exist in demo and test mode only (never with <code>NODE_ENV=production</code> or
<code>--upstream</code>); what they switch is kept in the database until you reset it.</p>
<nav>Merchant: ${nav}</nav>

<h2>State of ${esc(merchant.code)}</h2>
<table>${rows.map(([k, val]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(val)}</td></tr>`).join('')}</table>

<h2>Maintenance page: <span class="${s.maintenance ? 'on' : ''}">${s.maintenance ? 'on' : 'off'}</span></h2>
<p class="hint">The status call answers <code>maintenance: true</code>: the app shows the System Maintenance page (title, optional end time, description, contact us).</p>
${maintenanceStart}
${s.maintenance ? form('/dev/maintenance', merchant, { on: '0' }, 'End maintenance') : ''}

${switchSection('Access denied (region restriction)', 'The status call answers <code>regionRestriction: true</code> with your IP: the app shows the Access Denied page.', '/dev/region-restriction', merchant, s.regionRestriction)}

${switchSection('Domain not available', 'The status call fails with <code>domain_not_available</code>: the app shows the domain-error modal (customer service, retry).', '/dev/domain-unavailable', merchant, s.domainUnavailable)}

<h2>Line ping: ${esc(s.pingMode)}</h2>
<p class="hint"><code>/wps/system/test/ping</code> answers pong (ok), never answers (hang: the client gives up after 5 s, 10 s in the line speed test), or fails with 503 <code>line.unavailable</code> (fail). hang and fail show the unstable-line notice.</p>
${pingForms}

${switchSection('Test flag', 'The status call answers <code>test: true</code> (a test site).', '/dev/test-flag', merchant, s.test)}

<h2>Update notice (asset revision ${esc(s.assetRevision)})</h2>
<p class="hint">Publishes a new revision of both asset manifests: an open page shows the update notice at its next check (when it becomes visible again, or hourly).</p>
${form('/dev/asset-manifest/publish', merchant, {}, 'Publish a new release')}

${members ? `<h2>Sessions</h2>\n<p class="hint">The next call of a logged-in page answers 401: the app shows the "please login" notice.</p>\n${members}` : ''}

<h2>Reset</h2>
<p class="hint">Everything above back to the <code>status</code> block of merchants.json, asset revision 0.</p>
${form('/dev/reset', merchant, {}, `Reset ${merchant.code}`)}
</body>
</html>
`;
}
