import { StatusScreen } from '../../ui/status-screen.tsx';

/** Where Discord sends the browser back with `?code=`; linking the account arrives with the account issue. */
export default function DiscordCallbackPage() {
  return <StatusScreen title="Connecting Discord" message="Connecting to Discord…" />;
}
