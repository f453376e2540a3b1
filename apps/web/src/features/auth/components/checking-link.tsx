import type { IconName } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { AuthLayout } from './auth-layout.tsx';
import styles from './auth-form.module.css';

/** A mailed link's page while the API says whether its key works (email verification, password reset). */
export function CheckingLink({ title, heading, icon }: { title: string; heading: string; icon: IconName }) {
  return (
    <AuthLayout title={title} heading={heading} icon={icon}>
      <p className={styles.muted} role="status">
        <Spinner /> Checking your link, one moment…
      </p>
    </AuthLayout>
  );
}
