/**
 * /m/member/home (docs/member-centre.md, "Member centre"): the member card, balance and the links to
 * every member page, language, customer service and logout. A main route: bottom navigation.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { customerServiceUrl, openCustomerService } from '../../../src/core/config/customerService.ts';
import { siteStatus } from '../../../src/core/config/siteStatus.ts';
import { logout } from '../../../src/core/session/logout.ts';
import { navigate } from '../../../src/core/session/navigation.ts';
import { MemberHome } from '../../../src/features/member-centre/MemberHome.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { AppLink } from '../../AppLink.tsx';
import { isBuilt } from '../../builtRoutes.ts';
import { LanguageSelect } from '../../TopBar.tsx';
import { McFrame } from './McFrame.tsx';

export function MemberHomePage() {
  useSignals();
  const { t } = useT();
  const cs = customerServiceUrl(siteStatus.value?.info, 'MEMBER');
  return (
    <McFrame nav title={t('page.member_centre')}>
      <MemberHome
        built={isBuilt}
        link={(to, className, children) => (
          <AppLink to={to} className={className}>
            {children}
          </AppLink>
        )}
        vip={<wps-vip-badge no-benefits />}
        language={<LanguageSelect />}
        onCustomerService={cs ? () => openCustomerService(cs) : undefined}
        onLogout={() => void logout().then(() => navigate('/m/home'))}
      />
    </McFrame>
  );
}
