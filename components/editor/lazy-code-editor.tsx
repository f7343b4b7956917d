'use client';
// Monaco touches `window` as it loads, so it is only ever loaded in the browser.
import dynamic from 'next/dynamic';

export const LazyCodeEditor = dynamic(() => import('./code-editor'), {
  ssr: false,
  loading: () => <div className="editor-loading">Loading editor…</div>,
});
