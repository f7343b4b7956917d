import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { VerifyEmailBanner } from '@/components/account/verify-email-banner';
import { Dashboard } from '@/components/dashboard/dashboard';
import { isEmailVerified } from '@/lib/accounts/verification';
import { getCurrentUser } from '@/lib/auth/session';
import { services } from '@/lib/services/seam';

export const metadata: Metadata = { title: 'Dashboard', description: 'Your yamljson API keys, plan and usage.' };
export const dynamic = 'force-dynamic';

export default async function DashboardPage() {
  const user = await getCurrentUser(services());
  if (!user) redirect('/signin?callbackUrl=/dashboard');
  const verified = await isEmailVerified(services().db, user.id);
  return (
    <>
      {verified ? null : <VerifyEmailBanner email={user.email} />}
      <Dashboard email={user.email} />
    </>
  );
}
