import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useT } from '@/i18n/use-t';
import type { Profile } from '@/types/api';
import { settingsCatalog } from '../messages/catalog';
import { AccountForm } from './account-form';
import { ProfileSettings } from './profile-settings';
import { SecurityForm } from './security-form';

const tabs = ['account', 'profile', 'security'] as const;

/**
 * /settings: Account (with the language), Profile and Security tabs. Panels stay mounted when hidden, so
 * switching tabs (or the language) never loses what was typed.
 */
export function SettingsScreen({ profile }: { profile: Profile }) {
  const { t } = useT(settingsCatalog);
  const profileTitle = profile.role === 'brand' ? t('settings.profile.brand') : profile.role === 'creator' ? t('settings.profile.creator') : t('settings.tabs.profile');
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('settings.title')}</h1>
        <p className="mt-1 text-slate-600">{t('settings.lead')}</p>
      </div>
      <TabGroup>
        <TabList aria-label={t('settings.tabs.label')} className="flex gap-1 overflow-x-auto rounded-lg bg-slate-200 p-1 sm:inline-flex">
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
          <TabPanel unmount={false}>
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold text-slate-900">{profileTitle}</h2>
              <ProfileSettings profile={profile} />
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
