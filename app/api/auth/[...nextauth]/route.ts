// next-auth's endpoints (sign-in, sign-out, session, CSRF token) under /api/auth/*.
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { services } from '@/lib/services/seam';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: RouteContext): Promise<Response> {
  return NextAuth(request as never, context as never, await authOptions(services())) as Promise<Response>;
}

export { handler as GET, handler as POST };
