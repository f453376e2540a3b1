import { Link } from 'react-router';
import { AuthLayout } from './components/auth-layout.tsx';
import { ChangePasswordForm } from './components/change-password-form.tsx';

/** `/password/change`, for signed-in users only (the route is marked `access: 'signed-in'` in the router). */
export default function PasswordChangePage() {
  return (
    <AuthLayout
      title="Change password"
      icon="lock"
      intro={<p>Enter your current password, then choose a new one. Other devices will be signed out.</p>}
      footer={
        <p>
          Forgot your current password? <Link to="/password/reset">Reset it by email</Link>
        </p>
      }
    >
      <ChangePasswordForm />
    </AuthLayout>
  );
}
