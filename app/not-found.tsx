import type { Metadata } from 'next';
import Link from 'next/link';

// The layout's template makes it "Page not found · yamljson".
export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p className="lead">There is no page at this address.</p>
      <p>
        <Link href="/">Back to yamljson</Link> or try the <Link href="/playground">playground</Link>.
      </p>
    </div>
  );
}
