import { DefaultLayout } from './default-layout.tsx';
import { PageLoading } from './page-loading.tsx';

/**
 * Shown while the first page's code loads: the real header and footer with a quiet placeholder between, so the
 * frame of the app does not jump when the page arrives.
 */
export function AppLoading() {
  return (
    <DefaultLayout>
      <PageLoading />
    </DefaultLayout>
  );
}
