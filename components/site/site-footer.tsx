import Link from 'next/link';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <span>yamljson · YAML ⇄ JSON, exactly</span>
        <nav aria-label="Footer">
          <Link href="/playground">Playground</Link>
          <Link href="/docs">API docs</Link>
          <a href="/api/openapi.json">OpenAPI document</a>
          <Link href="/pricing">Pricing</Link>
        </nav>
      </div>
    </footer>
  );
}
