/**
 * The demo support chat, `/support/`: where the demo merchant's customer-service entries lead (home's
 * button, the member centre's row, "Contact us" on the maintenance, access-denied and domain-error
 * screens), so every one of them answers offline. Anybody may open it, visitor or member, whatever
 * the site status says: it is the player's only way out of a blocking screen.
 *
 * An agent greets the player; the player picks a topic or types, and gets a canned, helpful answer
 * (keywords per language). Nothing is stored: the conversation so far travels in the form's hidden
 * fields and the answer page repeats it. EN, CN and UR texts (the `language` field, else the
 * browser's Accept-Language), EN for the others. Server-rendered HTML and a form; the only script,
 * `/support/support.js`, makes the Close control close a tab that customer service opened. Styles:
 * the demo chat's (`/chat/chat.css`, chat-page.ts) plus `/support/support.css`; a strict CSP.
 */
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { Deps } from '../api/call.ts';
import { readBody, utf8 } from '../infra/body.ts';
import { ApiError } from '../infra/errors.ts';
import { ownBackUrl } from '../merchants/domains.ts';
import { escapeHtml } from './chat-page.ts';

const FORM_LIMIT = 32 * 1024;
/** A player's message, in characters. */
export const SUPPORT_MESSAGE_MAX = 500;
/** Messages repeated on the page (the oldest drop off). */
export const SUPPORT_HISTORY_MAX = 20;

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join('; ');
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': CSP,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

export const SUPPORT_TOPICS = ['deposit', 'withdraw', 'password', 'bonus', 'app', 'maintenance'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

interface Texts {
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  close: string;
  agent: string;
  you: string;
  demo: string;
  greeting: (app: string) => string;
  topicsLabel: string;
  label: string;
  placeholder: string;
  send: string;
  tooLong: string;
  /** The quick topics' labels, also what the player "says" when picking one. */
  topics: Record<SupportTopic, string>;
  answers: Record<SupportTopic | 'other', string>;
  /** Lower-case words that point at a topic, in this language (the English ones count in every language). */
  keywords: Partial<Record<SupportTopic, readonly string[]>>;
}

const EN: Texts = {
  lang: 'en',
  dir: 'ltr',
  title: 'Customer service',
  close: 'Close',
  agent: 'Mia · Support',
  you: 'You',
  demo: 'Demo support chat: the answers are automatic.',
  greeting: (app) => `Hi, I'm Mia from ${app} support. How can I help you today? Pick a topic or write your question.`,
  topicsLabel: 'Common questions',
  label: 'Your message',
  placeholder: 'Write your question…',
  send: 'Send',
  tooLong: `A message is at most ${SUPPORT_MESSAGE_MAX} characters.`,
  topics: {
    deposit: 'Deposit',
    withdraw: 'Withdrawal',
    password: 'Forgot password',
    bonus: 'Bonuses',
    app: 'Get the app',
    maintenance: 'Site unavailable',
  },
  answers: {
    deposit:
      'To add money, log in and open Me, then Deposit. Choose a payment method and the amount; most deposits arrive within a few minutes. If yours has not arrived after 30 minutes, send me your username and the payment reference.',
    withdraw:
      'A withdrawal is requested from Me after you log in, to the bank account or wallet on your profile. It usually arrives within 30 minutes. If it takes longer, send me your username and the time you asked for it and I will check it.',
    password:
      'No problem. Send me your username and the mobile number on your account. Once we have checked it is you, we send a new password by SMS; change it after you log in. We never ask for your password here.',
    bonus:
      'Every current offer is under Promotions on the home page, with its conditions. A bonus is credited once its conditions are met. If one is missing, tell me the name of the promotion and your username.',
    app: 'Tap "Download the app" on the home page: on Android it installs the app, on iPhone it adds the site to your home screen. Your account and balance stay the same.',
    maintenance:
      'During maintenance the site shows the time it is back; your account and balance are safe. If the site says it is not available in your region, or an address does not open, tell me what you see and I will help.',
    other:
      'Thanks, I have noted that. An agent will look into it and answer here shortly. Meanwhile, the topics below answer the most common questions.',
  },
  keywords: {
    deposit: ['deposit', 'top up', 'top-up', 'topup', 'recharge', 'add money', 'payment'],
    withdraw: ['withdraw', 'cash out', 'cashout', 'payout', 'pay out'],
    password: ['password', 'forgot', 'log in', 'login', 'sign in', 'locked'],
    bonus: ['bonus', 'promo', 'promotion', 'reward', 'voucher', 'offer'],
    app: ['app', 'download', 'install', 'apk', 'iphone', 'android'],
    maintenance: ['maintenance', 'unavailable', 'access denied', 'region', 'blocked', 'down', 'domain'],
  },
};

const CN: Texts = {
  lang: 'zh-CN',
  dir: 'ltr',
  title: '在线客服',
  close: '关闭',
  agent: 'Mia · 客服',
  you: '我',
  demo: '演示客服聊天：回复为自动生成。',
  greeting: (app) => `您好，我是 ${app} 客服 Mia。请问有什么可以帮您？请选择一个问题或直接输入。`,
  topicsLabel: '常见问题',
  label: '您的消息',
  placeholder: '请输入您的问题…',
  send: '发送',
  tooLong: `消息最多 ${SUPPORT_MESSAGE_MAX} 个字符。`,
  topics: {
    deposit: '充值',
    withdraw: '提款',
    password: '忘记密码',
    bonus: '优惠活动',
    app: '下载 App',
    maintenance: '网站无法访问',
  },
  answers: {
    deposit:
      '充值请先登录，打开"我的"，再点"充值"。选择支付方式并输入金额，大多数充值几分钟内到账。如 30 分钟后仍未到账，请把您的用户名和支付单号发给我。',
    withdraw:
      '登录后在"我的"中申请提款，款项会转入您资料中的银行账户或钱包，通常 30 分钟内到账。如超时未到，请把您的用户名和申请时间发给我，我来为您查询。',
    password:
      '没问题。请发送您的用户名和账户绑定的手机号码。核实身份后，我们会通过短信发送新密码，登录后请及时修改。我们绝不会在这里向您索要密码。',
    bonus:
      '所有进行中的优惠都在首页的"优惠活动"中，并附有参与条件。满足条件后奖金会自动发放。如有遗漏，请告诉我活动名称和您的用户名。',
    app: '点击首页的"下载 App"：安卓手机会安装 App，iPhone 会把网站添加到主屏幕。您的账户和余额保持不变。',
    maintenance:
      '维护期间网站会显示恢复时间，您的账户和余额都是安全的。如果提示您所在地区无法访问，或网址打不开，请告诉我您看到的内容，我来帮您。',
    other: '谢谢，已为您记录。客服人员会尽快在这里回复您。您也可以先看看下方的常见问题。',
  },
  keywords: {
    deposit: ['充值', '存款', '入款', '支付'],
    withdraw: ['提款', '提现', '取款', '出款'],
    password: ['密码', '登录', '登入', '锁定'],
    bonus: ['优惠', '红利', '奖金', '奖励', '活动', '彩金'],
    app: ['下载', '安装', '应用'],
    maintenance: ['维护', '无法访问', '打不开', '地区', '域名'],
  },
};

const UR: Texts = {
  lang: 'ur',
  dir: 'rtl',
  title: 'کسٹمر سروس',
  close: 'بند کریں',
  agent: 'میا · سپورٹ',
  you: 'آپ',
  demo: 'ڈیمو سپورٹ چیٹ: جوابات خودکار ہیں۔',
  greeting: (app) =>
    `السلام علیکم، میں ${app} سپورٹ سے میا ہوں۔ میں آپ کی کیا مدد کر سکتی ہوں؟ کوئی موضوع چنیں یا اپنا سوال لکھیں۔`,
  topicsLabel: 'عام سوالات',
  label: 'آپ کا پیغام',
  placeholder: 'اپنا سوال لکھیں…',
  send: 'بھیجیں',
  tooLong: `پیغام زیادہ سے زیادہ ${SUPPORT_MESSAGE_MAX} حروف کا ہو سکتا ہے۔`,
  topics: {
    deposit: 'رقم جمع کرانا',
    withdraw: 'رقم نکلوانا',
    password: 'پاس ورڈ بھول گئے',
    bonus: 'بونس',
    app: 'ایپ حاصل کریں',
    maintenance: 'سائٹ نہیں کھل رہی',
  },
  answers: {
    deposit:
      'رقم جمع کرانے کے لیے لاگ اِن کریں، "میں" کھولیں اور پھر "ڈپازٹ"۔ ادائیگی کا طریقہ اور رقم چنیں؛ زیادہ تر رقم چند منٹ میں پہنچ جاتی ہے۔ اگر 30 منٹ بعد بھی نہ پہنچے تو مجھے اپنا یوزر نیم اور ادائیگی کا حوالہ نمبر بھیجیں۔',
    withdraw:
      'لاگ اِن کے بعد "میں" سے رقم نکلوانے کی درخواست دیں؛ رقم آپ کی پروفائل والے بینک اکاؤنٹ یا والیٹ میں جاتی ہے اور عموماً 30 منٹ میں پہنچ جاتی ہے۔ دیر ہو تو اپنا یوزر نیم اور درخواست کا وقت بھیجیں، میں چیک کر لوں گی۔',
    password:
      'کوئی مسئلہ نہیں۔ اپنا یوزر نیم اور اکاؤنٹ والا موبائل نمبر بھیجیں۔ تصدیق کے بعد ہم نیا پاس ورڈ SMS سے بھیجیں گے؛ لاگ اِن کے بعد اسے بدل لیں۔ ہم یہاں کبھی آپ کا پاس ورڈ نہیں مانگتے۔',
    bonus:
      'تمام موجودہ آفرز ہوم پیج پر "پروموشنز" میں ان کی شرائط کے ساتھ ہیں۔ شرائط پوری ہونے پر بونس خود جمع ہو جاتا ہے۔ اگر کوئی بونس نہ ملے تو پروموشن کا نام اور اپنا یوزر نیم بتائیں۔',
    app: 'ہوم پیج پر "ایپ ڈاؤن لوڈ کریں" دبائیں: اینڈرائیڈ پر ایپ انسٹال ہو جاتی ہے، آئی فون پر سائٹ ہوم اسکرین پر آ جاتی ہے۔ آپ کا اکاؤنٹ اور بیلنس وہی رہتے ہیں۔',
    maintenance:
      'مینٹیننس کے دوران سائٹ واپسی کا وقت دکھاتی ہے؛ آپ کا اکاؤنٹ اور بیلنس محفوظ ہیں۔ اگر سائٹ کہے کہ آپ کے علاقے میں دستیاب نہیں، یا کوئی پتہ نہ کھلے، تو مجھے بتائیں کہ آپ کو کیا نظر آ رہا ہے۔',
    other: 'شکریہ، میں نے نوٹ کر لیا ہے۔ ہمارا ایجنٹ جلد یہیں جواب دے گا۔ تب تک نیچے دیے گئے عام سوالات دیکھ لیں۔',
  },
  keywords: {
    deposit: ['جمع', 'ڈپازٹ', 'ادائیگی'],
    withdraw: ['نکلوا', 'نکال', 'ودڈرا'],
    password: ['پاس ورڈ', 'لاگ ان', 'لاگ اِن'],
    bonus: ['بونس', 'پروموشن', 'انعام', 'آفر'],
    app: ['ایپ', 'ڈاؤن لوڈ', 'انسٹال'],
    maintenance: ['مینٹیننس', 'بند', 'علاقے', 'نہیں کھل'],
  },
};

const TEXTS: Record<string, Texts> = { EN, CN, UR };

/** The page's language: the `language` field (EN, CN, UR…), else the first of Accept-Language we have; EN otherwise. */
export function supportLanguage(field: string | undefined, acceptLanguage: string | undefined): 'EN' | 'CN' | 'UR' {
  const code = field?.trim().toUpperCase();
  if (code === 'CN' || code === 'UR' || code === 'EN') return code;
  if (code) return 'EN'; // a language we have no texts for
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag === 'zh' || tag.startsWith('zh-'))
      return tag === 'zh-tw' || tag === 'zh-hk' || tag.startsWith('zh-hant') ? 'EN' : 'CN';
    if (tag === 'ur' || tag.startsWith('ur-')) return 'UR';
    if (tag === 'en' || tag.startsWith('en-')) return 'EN';
  }
  return 'EN';
}

/** The topic a player's message is about (this language's words first, then English), or 'other'. */
export function supportTopic(message: string, language: string): SupportTopic | 'other' {
  const text = message.toLowerCase();
  for (const texts of [TEXTS[language] ?? EN, EN]) {
    for (const topic of SUPPORT_TOPICS) {
      if (texts.keywords[topic]?.some((word) => matches(text, word))) return topic;
    }
  }
  return 'other';
}

/** A Latin keyword matches at a word start ("app" not in "happy"); other scripts anywhere. */
const matches = (text: string, word: string) =>
  /^[a-z]/.test(word) ? new RegExp(`(?:^|[^a-z])${word.replace(/[-]/g, '\\-')}`).test(text) : text.includes(word);

interface Message {
  from: 'agent' | 'member';
  text: string;
}

const CSS = readFileSync(new URL('./support.css', import.meta.url), 'utf8');
const JS = readFileSync(new URL('./support.js', import.meta.url), 'utf8');
const ASSET_HEADERS = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };

export function supportRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/support', (c) => c.redirect(`/support/${new URL(c.req.url).search}`, 302));

  app.get('/support/', (c) => {
    const q = c.req.query();
    const merchant = merchantOf(deps, q.merchant);
    const language = supportLanguage(q.language, c.req.header('Accept-Language'));
    const back = backOf(c, deps, merchant, q.back ?? c.req.header('Referer'));
    const greeting: Message = { from: 'agent', text: TEXTS[language]!.greeting(appName(deps, merchant)) };
    return c.html(page({ merchant, language, back, messages: [greeting] }), 200, PAGE_HEADERS);
  });

  app.post('/support/', async (c) => {
    let form: URLSearchParams;
    try {
      form = new URLSearchParams(utf8(await readBody(c.req.raw, FORM_LIMIT)));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return c.text(err.message, err.status);
    }
    const merchant = merchantOf(deps, form.get('merchant') ?? undefined);
    const language = supportLanguage(form.get('language') ?? undefined, c.req.header('Accept-Language'));
    const texts = TEXTS[language]!;
    const back = backOf(c, deps, merchant, form.get('back') ?? undefined);
    const messages = form.getAll('m').flatMap(parseMessage);
    const topic = form.get('topic') as SupportTopic | null;
    // eslint-disable-next-line no-control-regex -- control characters other than newlines are dropped
    const typed = (form.get('body') ?? '').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
    let error: string | undefined;
    if (topic && SUPPORT_TOPICS.includes(topic)) {
      messages.push({ from: 'member', text: texts.topics[topic] }, { from: 'agent', text: texts.answers[topic] });
    } else if (typed.length > SUPPORT_MESSAGE_MAX) {
      error = texts.tooLong;
    } else if (typed) {
      messages.push({ from: 'member', text: typed }, { from: 'agent', text: texts.answers[supportTopic(typed, language)] });
    }
    return c.html(
      page({ merchant, language, back, messages: messages.slice(-SUPPORT_HISTORY_MAX), error, draft: error ? typed : '' }),
      error ? 400 : 200,
      PAGE_HEADERS,
    );
  });

  app.get('/support/support.css', (c) => c.body(CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', ...ASSET_HEADERS }));
  app.get('/support/support.js', (c) => c.body(JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', ...ASSET_HEADERS }));

  return app;
}

/** A merchant code of merchants.json, else the default merchant's. */
function merchantOf(deps: Deps, code: string | undefined): string {
  return code && deps.merchants.byCode.has(code) ? code : deps.merchants.defaultCode;
}

const appName = (deps: Deps, merchant: string) => deps.merchants.byCode.get(merchant)?.info.appShortName ?? '';

/** Where Close leads when it cannot close the tab: a path here or one of the merchant's lines; else /m/home. */
function backOf(c: Context, deps: Deps, merchant: string, raw: string | undefined): string {
  const back = ownBackUrl(c, deps.merchants.byCode.get(merchant)?.domains ?? [], raw);
  if (!back) return '/m/home';
  // The support page itself is no place to go back to.
  const path = back.startsWith('/') ? back : new URL(back).pathname;
  return path.startsWith('/support') ? '/m/home' : back;
}

/** A message the page repeated in a hidden field: `a:` (agent) or `p:` (player) and its text. */
function parseMessage(value: string): Message[] {
  const from = value.startsWith('a:') ? 'agent' : value.startsWith('p:') ? 'member' : undefined;
  const text = value.slice(2, 2 + 2 * SUPPORT_MESSAGE_MAX).trim();
  return from && text ? [{ from, text }] : [];
}

interface PageView {
  merchant: string;
  language: string;
  back: string;
  messages: Message[];
  error?: string;
  draft?: string;
}

function page({ merchant, language, back, messages, error, draft = '' }: PageView): string {
  const t = TEXTS[language] ?? EN;
  const hidden = [
    ['merchant', merchant],
    ['language', language],
    ['back', back],
    ...messages.map((m) => ['m', `${m.from === 'agent' ? 'a' : 'p'}:${m.text}`]),
  ]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value!)}">`)
    .join('');
  // Newest first in the document; chat.css shows the list bottom-up, so the newest is at the bottom.
  const items = [...messages]
    .reverse()
    .map(
      (m) =>
        `<li class="${m.from}"><span class="who">${m.from === 'agent' ? t.agent : t.you}</span><p>${escapeHtml(m.text)}</p></li>`,
    )
    .join('\n');
  const topics = SUPPORT_TOPICS.map(
    (topic) => `<button type="submit" name="topic" value="${topic}" formnovalidate>${t.topics[topic]}</button>`,
  ).join('');
  const sent = messages.length > 1;
  return `<!doctype html>
<html lang="${t.lang}" dir="${t.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="same-origin">
<title>${t.title}</title>
<link rel="stylesheet" href="/chat/chat.css">
<link rel="stylesheet" href="/support/support.css">
<script src="/support/support.js" defer></script>
</head>
<body class="support">
<header class="bar"><a class="back close" href="${escapeHtml(back)}" data-close><span aria-hidden="true">×</span> ${t.close}</a><h1>${t.title}</h1></header>
<main>
<p class="note">${t.demo}</p>
<ol class="messages" aria-live="polite">
${items}
</ol>
</main>
<form class="support-form" method="post" action="/support/">${hidden}
<div class="topics" role="group" aria-label="${t.topicsLabel}">${topics}</div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<div class="composer">
<label for="body">${t.label}</label>
<textarea id="body" name="body" rows="2" maxlength="${SUPPORT_MESSAGE_MAX}" placeholder="${t.placeholder}" required${sent || error ? ' autofocus' : ''}>${escapeHtml(draft)}</textarea>
<button type="submit">${t.send}</button>
</div>
</form>
</body>
</html>
`;
}
