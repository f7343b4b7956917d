// The reference's side navigation: the overview's sections, every endpoint and every schema.
import type { ApiReferenceView } from '@/lib/web/openapi-view';

const OVERVIEW: Array<[string, string]> = [
  ['authentication', 'Authentication'],
  ['limits', 'Limits'],
  ['retry-after', 'Retry-After'],
  ['conversion-rules', 'Conversion rules'],
  ['errors', 'Errors'],
];

export function DocsNav({ view }: { view: ApiReferenceView }) {
  return (
    <nav className="docs-nav" aria-label="API reference">
      <h2>Overview</h2>
      <ul>
        {OVERVIEW.map(([id, title]) => (
          <li key={id}>
            <a href={`#${id}`}>{title}</a>
          </li>
        ))}
      </ul>
      <h2>Endpoints</h2>
      <ul>
        {view.operations.map((op) => (
          <li key={op.id}>
            <a href={`#${op.id}`}>
              <span className={`method method-${op.method.toLowerCase()}`}>{op.method}</span>
              <span>{op.path}</span>
            </a>
          </li>
        ))}
      </ul>
      <h2 className="docs-nav-schemas">Schemas</h2>
      <ul className="docs-nav-schemas">
        {view.schemas.map((s) => (
          <li key={s.name}>
            <a href={`#schema-${s.name}`}>{s.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
