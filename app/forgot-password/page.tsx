import type { Metadata } from 'next';
import Link from 'next/link';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata: Metadata = { title: 'Forgot password', description: 'Get a link to choose a new yamljson password.' };
export const dynamic = 'force-dynamic';

export default function ForgotPasswordPage() {
  return (
    <div className="auth-page">
      <h1>Forgot your password?</h1>
      <p className="muted">Enter the address you sign in with: we mail it a link to choose a new password.</p>
      <ForgotPasswordForm />
      <p className="auth-switch">
        Remembered it? <Link href="/signin">Sign in</Link>
      </p>
    </div>
  );
}
