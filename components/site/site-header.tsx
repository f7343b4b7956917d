'use client';
// The header on every page: the product, its pages, and the account links for the session.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { signOut, useSession } from 'next-auth/react';

const NAV = [
  { href: '/playground', label: 'Playground' },
  { href: '/docs', label: 'API docs' },
  { href: '/pricing', label: 'Pricing' },
];

export function SiteHeader() {
  const pathname = usePathname();
  const { status } = useSession();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href="/" className="brand" aria-label="yamljson home">
          <span className="brand-mark" aria-hidden="true">
            {'{:}'}
          </span>
          <span>yamljson</span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} className="nav-link" aria-current={pathname === item.href ? 'page' : undefined}>
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="account-nav">
          {status === 'authenticated' ? (
            <>
              <Link href="/dashboard" className="nav-link" aria-current={pathname === '/dashboard' ? 'page' : undefined}>
                Dashboard
              </Link>
              <Link href="/dashboard/account" className="nav-link" aria-current={pathname === '/dashboard/account' ? 'page' : undefined}>
                Account
              </Link>
              <button type="button" className="button button-small" onClick={() => signOut({ callbackUrl: '/' })}>
                Sign out
              </button>
            </>
          ) : status === 'unauthenticated' ? (
            <>
              <Link href="/signin" className="nav-link" aria-current={pathname === '/signin' ? 'page' : undefined}>
                Sign in
              </Link>
              <Link href="/signup" className="button button-primary button-small">
                Sign up
              </Link>
            </>
          ) : (
            <span className="account-pending" aria-hidden="true" />
          )}
        </div>
      </div>
    </header>
  );
}
