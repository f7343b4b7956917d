import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Dashboard } from '@/components/dashboard/dashboard';
import { getCurrentUser } from '@/lib/auth/session';
import { services } from '@/lib/services/seam';

export const metadata: Metadata = { title: 'Dashboard', description: 'Your yamljson API keys, plan and usage.' };
export const dynamic = 'force-dynamic';

export default async function DashboardPage() {
  const user = await getCurrentUser(services());
  if (!user) redirect('/signin?callbackUrl=/dashboard');
  return <Dashboard email={user.email} />;
}
