/**
 * The home banners' pictures of the demo (`/games/img/banner-<name>.svg`, served by ./pages.ts), one
 * per content language (server/api/language.ts): the words are part of the picture, so each language
 * has its own file, `banner-<name>-<language>.svg` (English without the suffix), laid out mirrored
 * for a right-to-left language. MCSFE_getBanners answers a banner naming one of these pictures with
 * the request's language's file (bannerImageIn); any other picture is answered as written.
 */
import { CONTENT_LANGUAGES, RTL_CONTENT, type ContentLanguage, type Localized } from '../api/language.ts';
import { esc } from './render.ts';

type Words = { title: string; line: string; button: string };

interface Art {
  /** The background's gradient, light to dark; the button's text is the dark one. */
  colors: [string, string];
  /** The picture on the side, drawn around (0, 0). */
  icon: string;
  words: Localized<Words>;
}

const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"`;

const ART = {
  bonus: {
    colors: ['#ff7043', '#b71c1c'],
    icon:
      '<rect x="-44" y="-14" width="88" height="58" rx="6" fill="#fff"/><rect x="-50" y="-30" width="100" height="20" rx="5" fill="#ffe082"/>' +
      '<rect x="-8" y="-30" width="16" height="74" fill="#c62828"/><path d="M0 -30 C-30 -62 -46 -30 0 -30 C46 -30 30 -62 0 -30" fill="none" stroke="#ffe082" stroke-width="8"/>',
    words: {
      EN: { title: '100% bonus', line: 'Double your first deposit, up to 5,000.', button: 'Claim now' },
      CN: { title: '100% 奖金', line: '首存翻倍，最高 5,000。', button: '立即领取' },
      VI: { title: 'Thưởng 100%', line: 'Nhân đôi lần nạp đầu, tối đa 5.000.', button: 'Nhận ngay' },
      TH: { title: 'โบนัส 100%', line: 'ฝากแรกรับเพิ่มเป็นสองเท่า สูงสุด 5,000', button: 'รับเลย' },
      UR: { title: '100 فیصد بونس', line: 'اپنا پہلا ڈپازٹ دگنا کریں، 5,000 تک۔', button: 'حاصل کریں' },
    },
  },
  app: {
    colors: ['#42a5f5', '#0d47a1'],
    icon:
      '<rect x="-30" y="-50" width="60" height="100" rx="10" fill="#fff"/><rect x="-24" y="-40" width="48" height="72" rx="4" fill="#1565c0"/>' +
      '<circle cy="41" r="4" fill="#1565c0"/><path d="M0 -26 L0 10 M-12 -2 L0 10 L12 -2" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/>',
    words: {
      EN: { title: 'Get the app', line: 'Faster draws, alerts and one-tap login.', button: 'Download' },
      CN: { title: '下载 App', line: '开奖更快，及时提醒，一键登录。', button: '下载' },
      VI: { title: 'Tải ứng dụng', line: 'Kết quả nhanh, thông báo, đăng nhập 1 chạm.', button: 'Tải về' },
      TH: { title: 'โหลดแอป', line: 'ออกผลไวกว่า มีแจ้งเตือน เข้าระบบแตะเดียว', button: 'ดาวน์โหลด' },
      UR: { title: 'ایپ حاصل کریں', line: 'تیز قرعہ اندازی، الرٹس اور ایک ٹچ لاگ ان۔', button: 'ڈاؤن لوڈ' },
    },
  },
  lucky5d: {
    colors: ['#ab47bc', '#4a148c'],
    icon:
      '<circle r="46" fill="#fff"/><circle r="34" fill="none" stroke="#c62828" stroke-width="4" stroke-dasharray="6 6"/>' +
      `<text y="13" text-anchor="middle" ${FONT} font-size="36" font-weight="800" fill="#c62828">8</text>`,
    // Lucky 5D is the game's name, as its page shows it.
    words: {
      EN: { title: 'Lucky 5D', line: 'A new draw every 5 minutes.', button: 'Play now' },
      CN: { title: 'Lucky 5D', line: '每 5 分钟开奖一次。', button: '立即投注' },
      VI: { title: 'Lucky 5D', line: 'Mỗi 5 phút một kỳ quay mới.', button: 'Chơi ngay' },
      TH: { title: 'Lucky 5D', line: 'ออกผลใหม่ทุก 5 นาที', button: 'เล่นเลย' },
      UR: { title: 'Lucky 5D', line: 'ہر 5 منٹ میں نئی قرعہ اندازی۔', button: 'ابھی کھیلیں' },
    },
  },
} satisfies Record<string, Art>;

type BannerName = keyof typeof ART;
const isBannerName = (s: string): s is BannerName => Object.hasOwn(ART, s);

const W = 750;
const PAD = 48;
const BUTTON = 150;
/** From the text's edge to the picture's (its circle is 140 wide around x 640). */
const TEXT = 540;

/**
 * A font size at most `size` at which `text` should fit `width`: the words are drawn by the device's
 * fonts, unmeasured here, so the width is an estimate (Han 1 em a character, combining marks
 * nothing, any other 0.55 em), on the safe side.
 */
export function fitFontSize(text: string, size: number, width: number): number {
  const ems = [...text].reduce((sum, ch) => sum + (/\p{M}/u.test(ch) ? 0 : /\p{Script=Han}/u.test(ch) ? 1 : 0.55), 0);
  return Math.min(size, Math.floor(width / ems));
}

/** One banner picture, 750 x 300: words on the reading side, the picture on the other. */
export function bannerSvg(name: BannerName, language: ContentLanguage): string {
  const { colors, icon, words } = ART[name];
  const w = words[language];
  const rtl = RTL_CONTENT.has(language);
  // Mirrored for right to left: the text starts at the right edge, the picture goes left.
  const x = (ltr: number) => (rtl ? W - ltr : ltr);
  const dir = rtl ? ' direction="rtl"' : '';
  const buttonLeft = rtl ? W - PAD - BUTTON : PAD;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 300" width="750" height="300" role="img" aria-label="${esc(`${w.title}. ${w.line}`)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="750" height="300" rx="24" fill="url(#bg)"/>
<circle cx="${x(640)}" cy="40" r="180" fill="#fff" fill-opacity=".08"/>
<circle cx="${x(80)}" cy="300" r="120" fill="#000" fill-opacity=".08"/>
<g transform="translate(${x(640)} 150) scale(1.4)">${icon}</g>
<text x="${x(PAD)}" y="138"${dir} ${FONT} font-size="${fitFontSize(w.title, 46, TEXT)}" font-weight="800" fill="#fff">${esc(w.title)}</text>
<text x="${x(PAD)}" y="186"${dir} ${FONT} font-size="${fitFontSize(w.line, 24, TEXT)}" fill="#fff" fill-opacity=".9">${esc(w.line)}</text>
<rect x="${buttonLeft}" y="214" width="${BUTTON}" height="44" rx="22" fill="#fff"/>
<text x="${buttonLeft + BUTTON / 2}" y="243" text-anchor="middle"${dir} ${FONT} font-size="${fitFontSize(w.button, 22, BUTTON - 20)}" font-weight="700" fill="${colors[1]}">${esc(w.button)}</text>
</svg>
`;
}

const fileName = (name: BannerName, language: ContentLanguage) =>
  language === 'EN' ? `banner-${name}.svg` : `banner-${name}-${language.toLowerCase()}.svg`;

/** Every banner picture by file name, made once (./pages.ts serves them with the catalogue's). */
export const BANNER_IMAGES: ReadonlyMap<string, string> = new Map(
  (Object.keys(ART) as BannerName[]).flatMap((name) => CONTENT_LANGUAGES.map((l) => [fileName(name, l), bannerSvg(name, l)])),
);

const BANNER_URL = /^\/games\/img\/banner-([a-z0-9]+)\.svg$/;

/** A banner's picture in `language`: this server's own in that language, any other as written. */
export function bannerImageIn(imageUrl: string, language: ContentLanguage): string {
  const name = BANNER_URL.exec(imageUrl)?.[1];
  return name !== undefined && isBannerName(name) ? `/games/img/${fileName(name, language)}` : imageUrl;
}
