// The OpenAPI document's descriptions: plain text with `code` spans; blank lines separate paragraphs.
import { Fragment } from 'react';

export function InlineText({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/g);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 2 ? (
          <code key={i}>{part.slice(1, -1)}</code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export function RichText({ text }: { text: string }) {
  if (!text) return null;
  const paragraphs = text.split(/\n\s*\n/);
  return (
    <div className="docs-text">
      {paragraphs.map((p, i) => (
        <p key={i}>
          {p.split('\n').map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? ' ' : null}
              <InlineText text={line} />
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
