import { StatusScreen } from '../ui/status-screen.tsx';

/** Spec section 7: shown instead of every page once the API answered 499 COUNTRY_RESTRICTED. */
export function CountryRestrictedScreen() {
  return (
    <main id="main" tabIndex={-1}>
      <StatusScreen
        title="Not available in your region"
        message="Not available in your region"
        icon="globe"
        tone="danger"
      >
        <p>Our service is not available in your country or region, so we cannot show this page.</p>
        <p>If you think this is a mistake (for example because of a VPN), turn the VPN off and reload the page.</p>
      </StatusScreen>
    </main>
  );
}
