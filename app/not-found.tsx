import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="page">
      <h1>Not found</h1>
      <p className="lead">There is no page at this address.</p>
      <p>
        <Link href="/">Back to yamljson</Link>
      </p>
    </main>
  );
}
