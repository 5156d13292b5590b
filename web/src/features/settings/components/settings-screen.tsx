import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import type { Profile } from '@/types/api';
import { AccountForm } from './account-form';
import { ProfileSettings } from './profile-settings';
import { SecurityForm } from './security-form';

const tabs = ['Account', 'Profile', 'Security'] as const;

/**
 * /settings: Account, Profile and Security tabs. Panels stay mounted when hidden, so switching tabs never
 * loses what was typed.
 */
export function SettingsScreen({ profile }: { profile: Profile }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
        <p className="mt-1 text-slate-600">Manage your account, profile and password.</p>
      </div>
      <TabGroup>
        <TabList aria-label="Settings sections" className="flex gap-1 overflow-x-auto rounded-lg bg-slate-200 p-1 sm:inline-flex">
          {tabs.map((label) => (
            <Tab
              key={label}
              className={({ selected }) =>
                cn('flex-1 rounded-md px-4 py-2 text-sm font-medium whitespace-nowrap', selected ? 'bg-white text-slate-900 shadow' : 'text-slate-700 hover:text-slate-900')
              }
            >
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-4">
          <TabPanel unmount={false}>
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold text-slate-900">Account</h2>
              <AccountForm key={profile.id} profile={profile} />
            </Card>
          </TabPanel>
          <TabPanel unmount={false}>
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold text-slate-900">{profile.role === 'brand' ? 'Brand profile' : profile.role === 'creator' ? 'Creator profile' : 'Profile'}</h2>
              <ProfileSettings profile={profile} />
            </Card>
          </TabPanel>
          <TabPanel unmount={false}>
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold text-slate-900">Change password</h2>
              <SecurityForm />
            </Card>
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
