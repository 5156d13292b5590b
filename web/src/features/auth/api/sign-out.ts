import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { toast } from '@/components/ui/toast';
import { supabase } from '@/lib/supabase';

/** Signs out (this device's session), forgets every cached query and goes to /auth with the spec's toast. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase.auth.signOut();
      if (error) throw error;
    },
    onSuccess: () => {
      navigate(paths.auth.getHref(), { replace: true });
      queryClient.clear();
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    },
    onError: (error) => toast({ title: 'Logout failed', description: error.message, variant: 'destructive' }),
  });
}
