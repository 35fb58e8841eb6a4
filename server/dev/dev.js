/*
 * The /dev/ page (server/dev/page.html): reads the merchant's state from the dev controls' JSON
 * routes and fills in the page. Its buttons are plain form posts to the same controls, which answer
 * with a redirect back here, so the page is read again after every switch.
 * Text goes in with textContent and attributes with setAttribute only: nothing the server stores
 * (maintenance texts, flag names, announcement titles) is ever read as HTML.
 */
import { VITALS, percent, vitalChart, vitalText } from './vitals.js';

/** Flags the SPEC names (docs/product.md §6), shown even when merchants.json does not list them. */
const KNOWN_FLAGS = ['CBS3', 'MOBILEAUTOLOGIN3', 'PWDEXPFORCECHANGE3', 'UPDATEMOBILEICC3', 'FIREBASECREATEACC3', 'LOTTMINIGAME3'];
const DEFAULT_EMULATOR_URL = 'http://127.0.0.1:9099';

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];
const clone = (id) => /** @type {HTMLTemplateElement} */ ($(`#${id}`)).content.firstElementChild.cloneNode(true);
const iso = (ms) => new Date(ms).toISOString();
/** `2026-01-02 03:04:05` (UTC): short enough for a phone's table. */
const utc = (ms) => iso(ms).slice(0, 19).replace('T', ' ');

/** `value` of a dev control's `{ success, value }` answer. */
async function read(path, merchant) {
  const res = await fetch(path, { headers: merchant ? { Merchant: merchant } : {}, cache: 'no-store' });
  const body = await res.json().catch(() => ({}));
  if (!body.success) throw new Error(`${path}: ${body.message ?? `HTTP ${res.status}`}`);
  return body.value;
}

function onOff(element, on) {
  element.textContent = on ? 'on' : 'off';
  element.classList.toggle('on', on);
}

function fill(view) {
  const { state } = view;
  for (const element of $$('[data-value]')) element.textContent = String(view.values[element.dataset.value] ?? '—');

  // Switches: the status, and a form that posts the other value.
  for (const section of $$('[data-switch]')) {
    const on = state[section.dataset.switch] === true;
    for (const element of $$('[data-onoff]', section)) onOff(element, on);
    for (const input of $$('[data-flip]', section)) input.value = on ? '0' : '1';
    for (const button of $$('[data-toggle]', section)) {
      button.textContent = [on ? 'Turn off' : 'Turn on', button.dataset.toggle].filter(Boolean).join(' ');
    }
    for (const form of $$('[data-when-on]', section)) form.hidden = !on;
  }

  // One button per value; the current one says so.
  for (const group of $$('[data-choice]')) {
    const current = view.values[group.dataset.choice];
    for (const form of $$('form', group)) {
      const value = $('input:not([name="merchant"])', form).value;
      const button = $('button', form);
      button.textContent = value === current ? `${value} (now)` : value;
      button.setAttribute('aria-pressed', String(value === current));
    }
  }

  $('#maintenance-start').textContent = state.maintenance ? 'Restart maintenance with these texts' : 'Start maintenance';
  $('#emulator-url').value = state.authEmulatorUrl ?? DEFAULT_EMULATOR_URL;
  $('#emulator-on').textContent = state.firebase ? 'Change the emulator URL' : 'Turn on with this emulator';
  if (state.firebase) $('[data-switch="firebase"] h2 [data-onoff]').textContent = `on, ${state.authEmulatorUrl ?? ''}`;

  fillState(state);
  fillWhitelabel(state.whitelabel);
  fillOutbox(view.outbox);
  fillMembers(view);
  fillEngagement(view.engagement);
}

function fillState(s) {
  const rows = [
    ['maintenance', String(s.maintenance)],
    ['maintenanceEnd', s.maintenanceEnd === null ? 'none' : `${iso(s.maintenanceEnd)} (${s.maintenanceEnd})`],
    ['maintenanceTexts', s.maintenanceTexts === null ? 'none' : JSON.stringify(s.maintenanceTexts)],
    ['regionRestriction', String(s.regionRestriction)],
    ['domainUnavailable', String(s.domainUnavailable)],
    ['pingMode', s.pingMode],
    ['gameLaunchMode', s.gameLaunchMode],
    ['test', String(s.test)],
    ['assetRevision', String(s.assetRevision)],
    ['firebase', s.firebase ? `on (${s.authEmulatorUrl ?? 'merchant config'})` : 'off'],
  ];
  $('#state').replaceChildren(
    ...rows.map(([name, value]) => {
      const row = clone('state-row');
      $('th', row).textContent = name;
      $('td', row).textContent = value;
      return row;
    }),
  );
}

function fillWhitelabel(whitelabel) {
  const flags = [...new Set([...KNOWN_FLAGS, ...Object.keys(whitelabel)])].sort();
  $('#whitelabel').replaceChildren(
    ...flags.map((flag) => {
      const on = whitelabel[flag] === true;
      const row = clone('whitelabel-row');
      $('th', row).textContent = flag;
      onOff($('[data-onoff]', row), on);
      $('[name="flag"]', row).value = flag;
      $('[name="on"]', row).value = on ? '0' : '1';
      const button = $('button', row);
      button.textContent = on ? 'Turn off' : 'Turn on';
      button.setAttribute('aria-label', `${button.textContent} ${flag}`);
      return row;
    }),
  );
}

function fillOutbox(outbox) {
  $('#outbox-empty').hidden = outbox.length > 0;
  $('#outbox').hidden = outbox.length === 0;
  $('#outbox tbody').replaceChildren(
    ...outbox.map((o) => {
      const row = clone('outbox-row');
      const [number, code, sent, expires] = $$('td', row);
      number.textContent = `${o.countryDialingCode} ${o.mobileNum}`;
      $('strong', code).textContent = o.code;
      sent.textContent = utc(o.createdAt);
      expires.textContent = utc(o.expirationTime);
      return row;
    }),
  );
}

function fillMembers({ members, merchant }) {
  const memberPath = (username, path) => `/dev/members/${encodeURIComponent(username)}/${path}`;
  const withActions = (element, username) => {
    for (const form of $$('form[data-path]', element)) form.action = memberPath(username, form.dataset.path);
    return element;
  };

  $('#sessions').hidden = members.length === 0;
  $('#session-forms').replaceChildren(
    ...members.map((m) => {
      const form = withActions(clone('session-form'), m.username);
      $('button', form).textContent = `End the sessions of ${m.username}`;
      return form;
    }),
  );

  $('#members').replaceChildren(
    ...members.map((m) => {
      const section = withActions(clone('member'), m.username);
      const f = m.factors;
      const factors = [
        f.email ? `email ${f.email}` : '',
        f.payeeName ? `real name ${f.payeeName}` : '',
        f.mobile ? `mobile ${f.mobile}` : '',
        f.authenticator ? 'authenticator' : '',
      ].filter(Boolean);
      $('h3', section).textContent = m.username;
      $('[data-factors]', section).textContent = factors.length ? factors.join(', ') : 'none (logs in without a second check)';
      $('[data-ips]', section).textContent = m.ips.length ? m.ips.join(', ') : 'none';
      const totp = $('[data-totp]', section);
      totp.hidden = !f.authenticator;
      $('a', totp).href = `${memberPath(m.username, 'totp')}?merchant=${encodeURIComponent(merchant.code)}`;
      $('a', totp).textContent = `Current authenticator code of ${m.username}`;
      $('[data-forget]', section).textContent = `Forget every IP of ${m.username}`;
      $('[name="days"]', section).value = String(merchant.passwordMaxAgeDays + 1);
      return section;
    }),
  );
}

const option = (value, text = value) => {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = text;
  return element;
};

function fillEngagement({ announcements, promotions, promotionTypes, vipLabels, members }) {
  $('#announcement-types').replaceChildren(option('', 'none'), ...promotionTypes.map((type) => option(type)));
  $('#announcements-empty').hidden = announcements.length > 0;
  $('#announcements-table').hidden = announcements.length === 0;
  $('#announcements-table tbody').replaceChildren(
    ...announcements.map((a) => {
      const row = clone('announcement-row');
      const [id, execution, title, promotion, options] = $$('td', row);
      id.textContent = a.id;
      execution.textContent = a.execution;
      title.textContent = a.title;
      promotion.textContent = [a.promotionType, a.promotionId && `id ${a.promotionId}`].filter(Boolean).join(', ') || 'none';
      options.textContent = [a.platform, a.category && `category ${a.category}`, a.forceRead && 'force read']
        .filter(Boolean)
        .join(', ');
      $('[name="id"]', row).value = a.id;
      $('button', row).setAttribute('aria-label', `Delete announcement ${a.id}`);
      return row;
    }),
  );

  $('#promotions-empty').hidden = promotions.length > 0;
  $('#promotions').hidden = promotions.length === 0;
  $('#promotions').replaceChildren(
    ...promotions.map((p) => {
      const row = clone('promotion-row');
      $('th', row).textContent = p.type;
      onOff($('[data-onoff]', row), p.enabled);
      $$('td', row)[1].textContent = `${p.live} live of ${p.total}`;
      $('[name="type"]', row).value = p.type;
      $('[name="enabled"]', row).value = p.enabled ? '0' : '1';
      const button = $('button', row);
      button.textContent = p.enabled ? 'Turn off' : 'Turn on';
      button.setAttribute('aria-label', `${button.textContent} ${p.type}`);
      return row;
    }),
  );

  $('#players').replaceChildren(
    ...members.map((m) => {
      const player = clone('player');
      $('h3', player).textContent = m.username;
      $('[data-unread]', player).textContent = String(m.unread);
      $('[data-vip]', player).textContent = m.vipLabel ? `${m.vipLabel}, ${m.vipCompleted} conditions done` : 'no label';
      for (const input of $$('[name="username"]', player)) input.value = m.username;
      $('[name="count"]', player).value = String(m.unread);
      const select = $('[name="label"]', player);
      select.replaceChildren(
        option('', 'none'),
        ...vipLabels.map((l) => option(l.name, `${l.name} (${l.type}, needs ${l.expectedConditions})`)),
      );
      select.value = m.vipLabel ?? '';
      $('[name="completed"]', player).value = String(m.vipCompleted);
      return player;
    }),
  );
}

function fillMemberCentre({ members, tasks, periods }, feedback) {
  $('#mc-members').replaceChildren(
    ...members.map((m) => {
      const section = clone('mc-member');
      $('h3', section).textContent = m.username;
      $('[data-balance]', section).textContent = String(m.balance);
      $('[data-zone]', section).textContent = m.signInTimeZone ?? 'not pinned yet';
      for (const input of $$('[name="username"]', section)) input.value = m.username;
      $('[data-tasks]', section).replaceChildren(...tasks.map((t) => option(t.id, `${t.id} (${t.kind}, goal ${t.goal})`)));
      $('[data-periods]', section).replaceChildren(...periods.map((p) => option(p)));
      $('[data-reset-sign-ins]', section).textContent = `Forget the sign-ins of ${m.username}`;
      return section;
    }),
  );
  $('#feedback-empty').hidden = feedback.length > 0;
  $('#feedback').hidden = feedback.length === 0;
  $('#feedback tbody').replaceChildren(
    ...feedback.map((f) => {
      const row = clone('feedback-row');
      const [id, from, category, text, image, sent] = $$('td', row);
      id.textContent = String(f.id);
      from.textContent = f.username;
      category.textContent = f.category;
      text.textContent = f.content;
      image.textContent = f.hasImage ? `${f.imageType}, ${f.imageBytes} bytes` : 'none';
      sent.textContent = utc(f.createdAt);
      return row;
    }),
  );
}

/** A table row of text cells. */
function textRow(cells) {
  const row = document.createElement('tr');
  for (const text of cells) {
    const cell = document.createElement('td');
    cell.textContent = text;
    row.append(cell);
  }
  return row;
}

/** Fills a table (and its "none yet" line) with one row per item. */
function fillTable(id, items, cells) {
  $(`#${id}-empty`).hidden = items.length > 0;
  $(`#${id}`).hidden = items.length === 0;
  $(`#${id} tbody`).replaceChildren(...items.map((item) => textRow(cells(item))));
}

function fillPushTracking(push, tracking, pixels) {
  for (const input of $$('form[action="/dev/pixels"] input:not([name="merchant"])')) input.value = pixels[input.name] ?? '';
  fillTable('push-tokens', push.tokens, (t) => [t.username, t.token, t.topics.join(', ') || 'none', utc(t.boundAt)]);
  fillTable('push-registrations', push.registrations, (r) => [r.token, r.endpoint, utc(r.createdAt), utc(r.updatedAt)]);
  const text = (value) => (value === null || value === undefined ? '' : String(value));
  fillTable('tracking', tracking, (e) => [
    e.name,
    [e.customerName, e.customerId && `#${e.customerId}`].filter(Boolean).join(' '),
    text(e.currency),
    text(e.revenue ?? e.amount ?? e.value),
    e.page,
    utc(e.time),
    // Only a customer id that is the posting session's member is verified: anybody can post.
    e.verified ? 'verified' : 'unverified',
  ]);
}

function fillVitals({ vitals, errors }) {
  $('#vitals-empty').hidden = vitals.length > 0;
  $('#vitals-charts').hidden = vitals.length === 0;
  $('#vitals-legend').hidden = vitals.length === 0;
  $('#vitals-charts').replaceChildren(
    ...VITALS.map((metric) =>
      vitalChart(
        metric,
        vitals.filter((v) => v.name === metric.name),
      ),
    ),
  );
  fillTable('vitals', vitals, (v) => [
    v.route,
    v.name,
    String(v.count),
    vitalText(v.name, v.p75),
    percent(v.good),
    percent(v.needsImprovement),
    percent(v.poor),
    v.target ?? '',
  ]);
  fillTable('field-errors', errors, (e) => [
    String(e.count),
    e.kind,
    e.message,
    e.routes.join(', '),
    e.stack.split('\n')[0] ?? '',
    utc(e.lastSeen),
  ]);
}

function fillMerchants(merchants, current) {
  $('#merchants').replaceChildren(
    ...merchants.map(({ code }) => {
      const link = document.createElement('a');
      link.href = `/dev/?merchant=${encodeURIComponent(code)}`;
      link.textContent = code;
      if (code === current.code) link.setAttribute('aria-current', 'page');
      return link;
    }),
  );
}

async function main() {
  const { defaultCode, merchants } = await read('/dev/merchants');
  const asked = new URLSearchParams(location.search).get('merchant');
  const merchant = merchants.find((m) => m.code === asked) ?? merchants.find((m) => m.code === defaultCode);
  const [state, members, outbox, captcha, engagement, memberCentre, feedback, push, tracking, vitals] = await Promise.all([
    read('/dev/state', merchant.code),
    read('/dev/members', merchant.code),
    read('/dev/outbox', merchant.code),
    read('/dev/captcha'),
    read('/dev/engagement', merchant.code),
    read('/dev/member-centre', merchant.code),
    read('/dev/member-centre/feedback', merchant.code),
    read('/dev/push', merchant.code),
    read('/dev/tracking', merchant.code),
    read('/dev/vitals', merchant.code),
  ]);
  fillMerchants(merchants, merchant);
  fill({
    state,
    members,
    outbox,
    engagement,
    merchant,
    values: {
      ...state,
      captchaMode: captcha.mode,
      merchant: merchant.code,
      passwordMaxAgeDays: merchant.passwordMaxAgeDays,
      pushProject: push.project ?? 'none: push is off for this merchant',
    },
  });
  fillMemberCentre(memberCentre, feedback);
  fillPushTracking(push, tracking, state.analytics);
  fillVitals(vitals);
  // Every form (the cloned ones too) posts for this merchant; the answer comes back to its page.
  for (const input of $$('input[name="merchant"]')) input.value = merchant.code;
  $('main').hidden = false;
  $('#loading').hidden = true;
}

main().catch((err) => {
  $('#loading').textContent = `The state could not be read: ${err instanceof Error ? err.message : err}. Reload to try again.`;
});
