/**
 * The demo chat page that CBS_launchChat's URL opens: `GET /chat/?ticket=…` shows the member's
 * conversation (and marks the agent's messages read), `POST /chat/send` stores a message and an
 * automatic agent reply, then 303 back. Plain HTML and forms, no script; styles from files of this
 * server only, so it runs under a strict CSP (the header colour is a stylesheet of its own,
 * `/chat/theme.css?c=<hex>`, as an inline style attribute would need 'unsafe-inline').
 *
 * Everything the page repeats (title, messages, the back link) is escaped; the options are checked
 * again here, as anybody can write a /chat/ URL around a ticket of their own.
 */
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { Deps } from '../api/call.ts';
import { readBody, utf8 } from '../infra/body.ts';
import { ApiError } from '../infra/errors.ts';
import {
  addMessages,
  chatMessages,
  chatQuery,
  chatView,
  markRead,
  MESSAGE_MAX,
  ticketMember,
  type ChatMessage,
  type ChatView,
} from './chat.ts';

const FORM_LIMIT = 16 * 1024;

const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  // The app may show it in a frame of its own origin.
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join('; ');
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': CSP,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // The URL holds the ticket: the back link to a merchant's other line must not carry it along.
  // (Not no-referrer: a form post would then say `Origin: null`, which the send refuses.)
  'Referrer-Policy': 'same-origin',
};

const TEXTS = {
  EN: {
    lang: 'en',
    title: 'Customer service',
    back: 'Back',
    empty: 'No messages yet. Write to us below.',
    agent: 'Agent',
    you: 'You',
    label: 'Your message',
    send: 'Send',
    reply: 'Thanks, an agent will reply shortly.',
    invalid: 'This chat link is not valid or has expired. Go back and open the chat again.',
    tooLong: `A message is at most ${MESSAGE_MAX} characters.`,
    refused: 'This message could not be sent.',
  },
  CN: {
    lang: 'zh-CN',
    title: '在线客服',
    back: '返回',
    empty: '暂无消息，请在下方留言。',
    agent: '客服',
    you: '我',
    label: '您的消息',
    send: '发送',
    reply: '谢谢，客服将尽快回复您。',
    invalid: '此聊天链接无效或已过期，请返回后重新打开聊天。',
    tooLong: `消息最多 ${MESSAGE_MAX} 个字符。`,
    refused: '消息无法发送。',
  },
};
type Texts = (typeof TEXTS)['EN'];
const textsOf = (language: string | undefined): Texts => (language === 'CN' ? TEXTS.CN : TEXTS.EN);

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

const CSS = readFileSync(new URL('./chat.css', import.meta.url), 'utf8');
const THEME_COLOR = /^(?:[0-9a-f]{3}){1,2}$/;

export function chatRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/chat', (c) => c.redirect(`/chat/${new URL(c.req.url).search}`, 302));

  app.get('/chat/', async (c) => {
    const fields = c.req.query();
    const member = await ticketMember(deps.db, fields.ticket);
    if (!member) return errorPage(c, 403, textsOf(fields.language?.toUpperCase()).invalid, fields.language);
    const view = viewOf(c, deps, member.merchant_code, fields);
    const messages = await chatMessages(deps.db, member.id);
    await markRead(deps.db, member.id);
    return c.html(page(view, fields.ticket!, messages), 200, PAGE_HEADERS);
  });

  app.post('/chat/send', async (c) => {
    let fields: Record<string, string>;
    try {
      // Only this page posts here; the ticket is the secret, the Origin check a second lock.
      const origin = c.req.header('Origin');
      if (origin !== undefined && !sameHost(c, origin)) throw new ApiError('request.forbidden', 'forbidden');
      fields = Object.fromEntries(new URLSearchParams(utf8(await readBody(c.req.raw, FORM_LIMIT))));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return errorPage(c, err.status, TEXTS.EN.refused);
    }
    const texts = textsOf(fields.language?.toUpperCase());
    const member = await ticketMember(deps.db, fields.ticket);
    if (!member) return errorPage(c, 403, texts.invalid, fields.language);
    const body = (fields.body ?? '').trim();
    if (body.length > MESSAGE_MAX) return errorPage(c, 400, texts.tooLong, fields.language);
    if (body.includes('\u0000')) return errorPage(c, 400, texts.refused, fields.language);
    const view = viewOf(c, deps, member.merchant_code, fields);
    if (body) {
      const reply = textsOf(view.language).reply;
      await deps.db.transaction((query) =>
        addMessages(query, member.id, [
          { sender: 'member', body },
          { sender: 'agent', body: reply },
        ]),
      );
    }
    return c.redirect(`/chat/?${chatQuery(fields.ticket!, view)}`, 303);
  });

  app.get('/chat/chat.css', (c) =>
    c.body(CSS, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    }),
  );

  /** The header in the asked colour, its text black or white, whichever reads better. */
  app.get('/chat/theme.css', (c) => {
    const hex = (c.req.query('c') ?? '').toLowerCase();
    if (!THEME_COLOR.test(hex)) return c.text('Not found', 404);
    const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
    const text = 0.299 * r! + 0.587 * g! + 0.114 * b! > 160 ? '#111' : '#fff';
    return c.body(`.bar{background:#${full};color:${text}}\n`, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return app;
}

function viewOf(c: Context, deps: Deps, merchantCode: string, fields: Record<string, string>): ChatView {
  // A member of a merchant no longer configured keeps its chat, with back links on this origin only.
  return chatView(c, deps.merchants.byCode.get(merchantCode)?.domains ?? [], fields);
}

function sameHost(c: Context, origin: string): boolean {
  try {
    return new URL(origin).host === (c.req.header('Host') ?? new URL(c.req.url).host);
  } catch {
    return false;
  }
}

function page(view: ChatView, ticket: string, messages: ChatMessage[]): string {
  const t = textsOf(view.language);
  const title = escapeHtml(view.title ?? t.title);
  const theme = view.headerColor ? `\n<link rel="stylesheet" href="/chat/theme.css?c=${view.headerColor.slice(1)}">` : '';
  const hidden = Object.entries({ ticket, ...view })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  // Newest first in the document; the list runs bottom-up (chat.css), so the newest shows at the bottom.
  const items = messages
    .map(
      (m) =>
        `<li class="${m.sender}"><span class="who">${m.sender === 'agent' ? t.agent : t.you}</span><p>${escapeHtml(m.body)}</p></li>`,
    )
    .join('\n');
  const list = messages.length ? `<ol class="messages">\n${items}\n</ol>` : `<p class="empty">${t.empty}</p>`;
  return `<!doctype html>
<html lang="${t.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title}</title>
<link rel="stylesheet" href="/chat/chat.css">${theme}
</head>
<body>
<header class="bar"><a class="back" href="${escapeHtml(view.backUrl ?? '/m/home')}">‹ ${t.back}</a><h1>${title}</h1></header>
<main>
${list}
</main>
<form class="composer" method="post" action="/chat/send">${hidden}
<label for="body">${t.label}</label>
<textarea id="body" name="body" rows="2" maxlength="${MESSAGE_MAX}" required></textarea>
<button type="submit">${t.send}</button>
</form>
</body>
</html>
`;
}

function errorPage(c: Context, status: ApiError['status'], message: string, language?: string) {
  const t = textsOf(language?.toUpperCase());
  const html = `<!doctype html>
<html lang="${t.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<link rel="stylesheet" href="/chat/chat.css">
</head>
<body>
<header class="bar"><a class="back" href="/m/home">‹ ${t.back}</a><h1>${t.title}</h1></header>
<main><p class="error" role="alert">${escapeHtml(message)}</p></main>
</body>
</html>
`;
  return c.html(html, status, PAGE_HEADERS);
}
