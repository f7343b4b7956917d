import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AccountSettings } from '@/components/account/account-settings';
import { PASSWORD_MIN_LENGTH } from '@/lib/accounts/passwords';
import { getCurrentUser } from '@/lib/auth/session';
import { services } from '@/lib/services/seam';

export const metadata: Metadata = { title: 'Account', description: 'Your yamljson account: email, password, deletion.' };
export const dynamic = 'force-dynamic';

export default async function AccountPage() {
  const user = await getCurrentUser(services());
  if (!user) redirect('/signin?callbackUrl=/dashboard/account');
  return <AccountSettings email={user.email} minPasswordLength={PASSWORD_MIN_LENGTH} />;
}
