/** Page header with the page title and the language switch. */
import type { ReactNode } from 'react';
import { LANGUAGES, htmlLang } from '../src/core/i18n/languages.ts';
import { language, setLanguage } from '../src/core/i18n/i18n.ts';
import { syncLanguage } from '../src/core/session/member.ts';
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

export function TopBar({ title, children }: { title: string; children?: ReactNode }) {
  const { t, lang } = useT();
  return (
    <header className="topbar">
      <h1>{title}</h1>
      {children}
      <select
        className="lang-select"
        aria-label={t('language')}
        value={lang}
        onChange={(e) => {
          setLanguage(e.target.value);
          void syncLanguage(language.value);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={htmlLang(code)}>
            {NATIVE_NAMES[code] ?? code}
          </option>
        ))}
      </select>
    </header>
  );
}
