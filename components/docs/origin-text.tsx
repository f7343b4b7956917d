'use client';
// The site's own origin (for example commands), known only in the browser.
import { useEffect, useState } from 'react';

export function OriginText({ fallback = 'https://your-yamljson-host' }: { fallback?: string }) {
  const [origin, setOrigin] = useState(fallback);
  useEffect(() => setOrigin(window.location.origin), []);
  return <>{origin}</>;
}
