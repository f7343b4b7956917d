import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Dashboard } from '@/components/dashboard/dashboard';
import { getCurrentUser } from '@/lib/auth/session';
import { services } from '@/lib/services/seam';

export const metadata: Metadata = { title: 'Dashboard', description: 'Your yamljson API keys, plan and usage.' };
export const dynamic = 'force-dynamic';

const oneOf = <T extends string>(value: unknown, values: readonly T[]): T | null =>
  (values as readonly unknown[]).includes(value) ? (value as T) : null;

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const chosen = oneOf(params.choose, ['pro', 'enterprise'] as const);
  const user = await getCurrentUser(services());
  // A plan chosen on the pricing page survives signing in (the callback is this page with it).
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(chosen ? `/dashboard?choose=${chosen}` : '/dashboard')}`);
  return <Dashboard email={user.email} checkout={oneOf(params.checkout, ['success', 'canceled'] as const)} chosen={chosen} />;
}
