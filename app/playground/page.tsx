import type { Metadata } from 'next';
import { Playground } from '@/components/playground/playground';

export const metadata: Metadata = {
  title: 'Playground',
  description: 'Convert YAML and JSON as you type, in your browser, with the same converter the API runs.',
};

export default function PlaygroundPage() {
  return (
    <div className="playground-page">
      <h1 className="visually-hidden">Playground</h1>
      <Playground />
    </div>
  );
}
