import { useQueryClient } from '@tanstack/react-query';
import type { TDiscordLink } from '@cypher/contract';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { StatusScreen } from '../../ui/status-screen.tsx';
import { useToast } from '../../ui/use-toast.ts';
import { discordErrorMessage } from './account-messages.ts';
import { linkDiscord } from './api/link-discord.ts';

/** What /account/connect shows after coming back from here (router state). */
export interface DiscordConnectOutcome {
  discordError?: string;
}

// A code works once: StrictMode's second effect run (and a re-render) must share the first request, not send again.
const linking = new Map<string, Promise<TDiscordLink>>();

function linkOnce(code: string, state: string): Promise<TDiscordLink> {
  let pending = linking.get(code);
  if (!pending) {
    pending = linkDiscord({ code, state });
    linking.set(code, pending);
  }
  return pending;
}

/**
 * `/oauth/discord/callback?code&state` (or `?error=access_denied`): links the Discord account to the signed-in user,
 * then goes back to /account/connect with a toast, or with the reason it did not work.
 */
export default function DiscordCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const denied = searchParams.get('error');

  useEffect(() => {
    let isCurrent = true;
    function backWith(outcome: DiscordConnectOutcome) {
      void navigate('/account/connect', { replace: true, state: outcome });
    }
    if (!code || !state) {
      backWith({
        discordError: denied
          ? 'Connecting Discord was cancelled.'
          : 'This Discord link is incomplete. Please start again.',
      });
      return;
    }
    linkOnce(code, state)
      .then(async (link) => {
        // A read of the user that started before the link (the shell's, as this page loads) answers without
        // Discord, and once it settles it would count as fresh for minutes: cancel it, then read again.
        await queryClient.cancelQueries({ queryKey: queryKeys.users.my() });
        await queryClient.invalidateQueries({ queryKey: queryKeys.users.my() });
        if (!isCurrent) return;
        showToast({ tone: 'success', title: 'Discord connected', description: `Connected as ${link.username}.` });
        backWith({});
      })
      .catch((error: unknown) => {
        if (isCurrent) backWith({ discordError: discordErrorMessage(error) });
      });
    return () => {
      isCurrent = false;
    };
  }, [code, state, denied, navigate, queryClient, showToast]);

  return <StatusScreen title="Connecting Discord" message="Connecting to Discord…" />;
}
