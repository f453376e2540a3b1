import type { TTokenPair } from '@cypher/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { startSession } from '../../lib/session.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { GoogleButton } from './components/google-button.tsx';
import { SignUpForm } from './components/sign-up-form.tsx';
import styles from './components/auth-form.module.css';

/**
 * `/signup`. The new account starts signed in with status CREATED; going home hands it to the shell's status
 * redirect, which sends it to /email/verify (the verification mail is already on its way).
 */
export default function SignUpPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  function finish(tokens: TTokenPair) {
    startSession(tokens);
    void navigate('/', { replace: true });
  }

  const signInLink = searchParams.has('redirectTo') ? `/signin?${searchParams.toString()}` : '/signin';

  return (
    <AuthLayout
      title="Sign up"
      heading="Create your account"
      intro={<p>Collect, evolve and collaborate with the brands you love.</p>}
      footer={
        <p>
          Already have an account? <Link to={signInLink}>Sign in</Link>
        </p>
      }
    >
      <div className={styles.stack}>
        <GoogleButton />
        <p className={styles.divider}>or with email</p>
        <SignUpForm onSignedUp={finish} />
      </div>
    </AuthLayout>
  );
}
