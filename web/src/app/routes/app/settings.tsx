import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { useUser } from '@/lib/auth';

/** /settings: every signed-in role; the shell guarantees a profile here. */
export function Component() {
  const { profile } = useUser();
  if (!profile) return null;
  return <SettingsScreen profile={profile} />;
}
