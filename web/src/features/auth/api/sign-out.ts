import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { clearScreenSnapshot } from '@/lib/screen-snapshot';
import { supabase } from '@/lib/supabase';
import { authErrorText } from '../messages/auth-text';
import { authCatalog } from '../messages/catalog';

/** Signs out (this device's session), forgets every cached query and the kept screen, and goes to /auth with the spec's toast. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useT(authCatalog);
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase.auth.signOut();
      if (error) throw error;
    },
    onSuccess: () => {
      // The last screen kept for a fast next visit is this user's (decision 0027).
      clearScreenSnapshot();
      navigate(paths.auth.getHref(), { replace: true });
      queryClient.clear();
      toast({ kind: 'auth.signOut', title: t('auth.toast.loggedOut'), description: t('auth.toast.loggedOutText') });
    },
    onError: (error) => toast({ kind: 'auth.signOut', title: t('auth.toast.logoutFailed'), description: authErrorText(t, error), variant: 'destructive' }),
  });
}
