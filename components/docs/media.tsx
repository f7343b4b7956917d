// A request or response body: its media types, its schema (a link to it when named) and its examples.
import type { MediaView } from '@/lib/web/openapi-view';
import { CodeBlock } from './code-block';

/** Raw-mode bodies repeat one schema under many media types: show them once. */
export function collapseMedia(list: MediaView[]): MediaView[] {
  const out: MediaView[] = [];
  for (const m of list) {
    const same = out.find(
      (o) => o.schemaText === m.schemaText && o.schemaName === m.schemaName && JSON.stringify(o.examples) === JSON.stringify(m.examples),
    );
    if (same) same.mediaType += `, ${m.mediaType}`;
    else out.push({ ...m });
  }
  return out;
}

export function Media({ media }: { media: MediaView[] }) {
  return (
    <>
      {media.map((m) => (
        <div key={m.mediaType} className="example">
          <p className="example-title">
            <code>{m.mediaType}</code>
            {m.schemaName ? (
              <>
                {' '}
                · <a href={`#schema-${m.schemaName}`}>{m.schemaName}</a>
              </>
            ) : m.schemaText ? (
              <> · {m.schemaText}</>
            ) : null}
          </p>
          {m.examples.map((e) => (
            <Example key={e.name} title={e.summary} text={e.text} />
          ))}
        </div>
      ))}
    </>
  );
}

export function Example({ title, text }: { title: string; text: string }) {
  return (
    <div className="example">
      <p className="example-title">{title}</p>
      <CodeBlock text={text} label={title} />
    </div>
  );
}
