// A type as the document writes it (`string | null`, `ValidationIssue[]`), each schema name in it a link to the schema.
import { Fragment } from 'react';

export function TypeText({ type, names }: { type: string; names: ReadonlySet<string> }) {
  const parts = type.split(/(\b[A-Z][A-Za-z]+\b)/g);
  return (
    <code>
      {parts.map((part, i) =>
        names.has(part) ? (
          <a key={i} href={`#schema-${part}`}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </code>
  );
}
