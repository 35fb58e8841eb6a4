/**
 * Page header: a back (or home) control on every page but home, the page title and the language
 * switch. The installed app has no browser chrome, so this is the player's only way back.
 */
import type { ReactNode } from 'react';
import { navigate } from '../src/core/session/navigation.ts';
import { cameFromApp } from './AppLink.tsx';
import { LANGUAGES, htmlLang, rememberShellLanguage } from '../src/core/i18n/languages.ts';
import { language, setLanguage } from '../src/core/i18n/i18n.ts';
import { useT } from '../src/ui/useT.ts';

/** Each language's own name, so a player finds theirs whatever the current language. */
const NATIVE_NAMES: Record<string, string> = {
  CN: '简体中文',
  TW: '繁體中文（台灣）',
  HK: '繁體中文（香港）',
  EN: 'English',
  ES: 'Español',
  HI: 'हिन्दी',
  ID: 'Bahasa Indonesia',
  JA: '日本語',
  KM: 'ខ្មែរ',
  KO: '한국어',
  MY: 'မြန်မာ',
  TA: 'தமிழ்',
  TH: 'ไทย',
  VI: 'Tiếng Việt',
  TY: 'Filipino',
  UR: 'اردو',
  PT: 'Português',
  'PT-BR': 'Português (Brasil)',
  MS: 'Bahasa Melayu',
  BN: 'বাংলা',
  TR: 'Türkçe',
};

/** Back to the previous page of ours when there is one, else home. */
function BackControl() {
  const { t, dir } = useT();
  const back = cameFromApp();
  return (
    <button
      type="button"
      className="topbar-back"
      aria-label={back ? t('nav.back') : t('nav.home')}
      onClick={() => (cameFromApp() ? history.back() : navigate('/m/home'))}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        {back ? (
          <path
            d="M15 5l-7 7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
            transform={dir === 'rtl' ? 'matrix(-1 0 0 1 24 0)' : undefined}
          />
        ) : (
          <path
            d="M4 11l8-7 8 7M6.5 9.5V20h4v-5.5h3V20h4V9.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )}
      </svg>
    </button>
  );
}

/** The language switch: the app's language, and the member's on the server (type 4 skips that sync). */
export function LanguageSelect() {
  const { t, lang } = useT();
  return (
    <select
      className="lang-select"
      aria-label={t('language')}
      value={lang}
      onChange={(e) => {
        setLanguage(e.target.value);
        // The next load's prerendered shell comes in this language (docs/performance.md).
        rememberShellLanguage(language.value);
        // The sync (and the API client) loads with the code after the paint: there by the time of a choice.
        const chosen = language.value;
        void import('../src/core/session/member.ts').then((m) => m.syncLanguage(chosen));
      }}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={htmlLang(code)}>
          {NATIVE_NAMES[code] ?? code}
        </option>
      ))}
    </select>
  );
}

export function TopBar({ title, home, children }: { title: string; home?: boolean; children?: ReactNode }) {
  return (
    <header className="topbar">
      {home ? null : <BackControl />}
      <h1>{title}</h1>
      {children}
      <LanguageSelect />
    </header>
  );
}
