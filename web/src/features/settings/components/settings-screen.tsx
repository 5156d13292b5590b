import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useT } from '@/i18n/use-t';
import type { Profile } from '@/types/api';
import { settingsCatalog } from '../messages/catalog';
import { AccountForm } from './account-form';
import { ConnectedAccountsSettings } from './connected-accounts-settings';
import { EmailPreferences } from './email-preferences';
import { PayoutsSettings } from './payouts-settings';
import { PortfolioSettings } from './portfolio-settings';
import { ProfilePicture, ProfileSettings } from './profile-settings';
import { TaxFormSettings } from './tax-form-settings';
import { SecurityForm } from './security-form';

type SettingsTab = 'account' | 'profile' | 'payouts' | 'notifications' | 'security';

/** The tabs of a role: creators also have Payouts. */
function settingsTabs(role: string): SettingsTab[] {
  return role === 'creator' ? ['account', 'profile', 'payouts', 'notifications', 'security'] : ['account', 'profile', 'notifications', 'security'];
}

/**
 * /settings: Account (with the language and, for creators, the connected social accounts), Profile, Payouts (creators), Notifications (emails) and Security tabs. The open tab is
 * in the address (`?tab=payouts`), so a link, or Stripe's return from onboarding, opens it. Panels stay
 * mounted when hidden, so switching tabs (or the language) never loses what was typed.
 */
export function SettingsScreen({ profile }: { profile: Profile }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = settingsTabs(profile.role);
  const indexOf = (tab: string | null) => Math.max(0, tabs.indexOf(tab as SettingsTab));
  // The tab shows at once; the address follows (and a link to another tab, followed here, is obeyed).
  const urlTab = searchParams.get('tab');
  const [selected, setSelected] = useState(() => indexOf(urlTab));
  const [shownTab, setShownTab] = useState(urlTab);
  const { t } = useT(settingsCatalog);
  if (urlTab !== shownTab) {
    setShownTab(urlTab);
    setSelected(indexOf(urlTab));
  }
  const select = (index: number) => {
    const tab = tabs[index] ?? 'account';
    const param = tab === 'account' ? null : tab;
    setSelected(index);
    setShownTab(param);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (param) next.set('tab', param);
        else next.delete('tab');
        // Stripe's return message belongs to the Payouts tab's first visit only.
        next.delete('onboarding');
        return next;
      },
      { replace: true },
    );
  };
  const profileTitle = profile.role === 'brand' ? t('settings.profile.brand') : profile.role === 'creator' ? t('settings.profile.creator') : t('settings.tabs.profile');
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('settings.title')}</h1>
        <p className="mt-1 text-slate-600">{t(profile.role === 'creator' ? 'settings.lead.creator' : 'settings.lead')}</p>
      </div>
      <TabGroup selectedIndex={selected} onChange={select}>
        <TabList aria-label={t('settings.tabs.label')} className="flex flex-wrap gap-1 rounded-lg bg-slate-200 p-1 sm:inline-flex">
          {tabs.map((tab) => (
            <Tab
              key={tab}
              className={({ selected }) =>
                cn('flex-1 rounded-md px-4 py-2 text-sm font-medium whitespace-nowrap', selected ? 'bg-white text-slate-900 shadow' : 'text-slate-700 hover:text-slate-900')
              }
            >
              {t(`settings.tabs.${tab}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-4">
          <TabPanel unmount={false} className="space-y-6">
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('settings.tabs.account')}</h2>
              <AccountForm key={profile.id} profile={profile} />
            </Card>
            {profile.role === 'creator' && (
              <Card className="p-6">
                <ConnectedAccountsSettings userId={profile.id} />
              </Card>
            )}
            <Card className="p-6">
              <section aria-labelledby="settings-language">
                <h2 id="settings-language" className="text-lg font-semibold text-slate-900">
                  {t('settings.language.title')}
                </h2>
                <p className="mt-1 mb-4 text-sm text-slate-600">{t('settings.language.text')}</p>
                <LanguageSwitch />
              </section>
            </Card>
          </TabPanel>
          <TabPanel unmount={false} className="space-y-6">
            <Card className="p-6">
              <ProfilePicture profile={profile} />
            </Card>
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold text-slate-900">{profileTitle}</h2>
              <ProfileSettings profile={profile} />
            </Card>
            {profile.role === 'creator' && (
              <Card className="p-6">
                <PortfolioSettings userId={profile.id} />
              </Card>
            )}
          </TabPanel>
          {profile.role === 'creator' && (
            <TabPanel unmount={false} className="space-y-6">
              <Card className="p-6">
                <h2 className="text-lg font-semibold text-slate-900">{t('settings.payouts.title')}</h2>
                <p className="mt-1 mb-6 text-sm text-slate-600">{t('settings.payouts.lead')}</p>
                <PayoutsSettings userId={profile.id} />
              </Card>
              <Card className="p-6">
                <TaxFormSettings userId={profile.id} />
              </Card>
            </TabPanel>
          )}
          <TabPanel unmount={false}>
            <Card className="p-6">
              <h2 className="text-lg font-semibold text-slate-900">{t('settings.email.title')}</h2>
              <p className="mt-1 mb-6 text-sm text-slate-600">{t('settings.email.lead')}</p>
              <EmailPreferences userId={profile.id} />
            </Card>
          </TabPanel>
          <TabPanel unmount={false}>
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('settings.security.title')}</h2>
              <SecurityForm />
            </Card>
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
