/**
 * The home page below its first card (docs/engagement.md, "Home"): the banners, the quick entries (promotions,
 * the referral button, the app), customer service, the promotion strip, the install offers
 * (host/HomeOffers.tsx), the announcement popup, the chat button and the mini-game button. A chunk of its own, loaded just
 * after the first paint, so the home page's first load stays within its budget (docs/performance.md).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { memberInfo } from '../src/core/session/member.ts';
import { session } from '../src/core/session/sessionInfo.ts';
import { isAgent } from '../src/core/session/memberType.ts';
import { useT } from '../src/ui/useT.ts';
import { AppLink } from './AppLink.tsx';
import { HomeBanners } from './HomeBanners.tsx';
import { HomeOffers } from './HomeOffers.tsx';
import { useMiniGame } from './miniGame.ts';
import { HomePromotions } from './HomePromotions.tsx';
import { ReferralButton } from './ReferralButton.tsx';

export default function HomeEngagement() {
  useSignals();
  const { t } = useT();
  const type = memberInfo.value?.type ?? session.value?.type;
  // Read once mounted: the prerendered shell has no computed styles, and hydration must match it.
  const [headerColor, setHeaderColor] = useState<string>();
  useEffect(() => setHeaderColor(brandColor()), []);
  useMiniGame();
  return (
    <>
      <HomeBanners />
      <nav className="quick" aria-label={t('home.quick')}>
        <AppLink to="/m/activity" className="quick-item">
          <QuickIcon d="M4 9h16v4H4zM5 13v7h14v-7M12 9v11M12 9S10.5 4 8 4.5 7 8.5 12 9zm0 0s1.5-5 4-4.5S17 8.5 12 9z" />
          <span>{t('nav.promotions')}</span>
        </AppLink>
        <ReferralButton className="quick-item">
          <QuickIcon d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />
          <span>{t(type !== undefined && isAgent(type) ? 'home.agent_referral' : 'home.invite')}</span>
        </ReferralButton>
        <AppLink to="/m/appDownload" className="quick-item">
          <QuickIcon d="M12 3v12M7 10l5 5 5-5M5 21h14" />
          <span>{t('download_bar.label')}</span>
        </AppLink>
      </nav>
      <div className="home-cs">
        <wps-customer-service position="HOME" />
      </div>
      <HomePromotions />
      <HomeOffers />
      <wps-announcement />
      {/* The chat page's header in the app's own colour. */}
      <wps-chat-button header-color={headerColor} />
    </>
  );
}

/** The app's brand colour as the chat page takes it (#rgb or #rrggbb), from the page's theme. */
function brandColor(): string | undefined {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--wps-color-primary').trim();
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : undefined;
}

function QuickIcon({ d }: { d: string }) {
  return (
    <span className="quick-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
        <path d={d} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
