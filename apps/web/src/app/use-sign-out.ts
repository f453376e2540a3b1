import { useNavigate } from 'react-router';
import { useSignOut as useSignOutMutation } from '../features/auth/api/log-out.ts';
import { useToast } from '../ui/use-toast.ts';

/** Sign out from the header or the mobile menu: revoke, clear everything stored, go home and say so. */
export function useSignOut() {
  const signOut = useSignOutMutation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  return {
    isPending: signOut.isPending,
    signOut: async () => {
      await signOut.mutateAsync();
      void navigate('/');
      showToast({ tone: 'info', title: 'You are signed out' });
    },
  };
}
