'use client';
// Validate only, "Catalog": a searchable list of the built-in schemas (GET /api/schemas, from this site;
// the browser caches it). The choice is the entry's id; the converter worker fetches that schema, and
// the ones it refers to, when the check needs them. Schemas that cannot be used (they refer to schemas
// hosted outside the catalog) are listed but cannot be chosen, with the reason as their title.
import { useMemo, useState } from 'react';
import { useResource } from '@/components/hooks/use-resource';

interface Entry {
  id: string;
  name: string;
  description: string;
  unusable?: string;
}

interface Props {
  value: string | undefined;
  onChange: (id: string) => void;
}

/** Shown at once; a search narrows the rest down (the list has hundreds). */
const SHOWN = 200;

export function CatalogPicker({ value, onChange }: Props) {
  const catalog = useResource<{ schemas: Entry[] }>('/api/schemas');
  const [search, setSearch] = useState('');
  const entries = useMemo(() => {
    const seen = new Set<string>();
    return (catalog.data?.schemas ?? []).filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
  }, [catalog.data]);
  const matching = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    const hits = entries.filter((entry) => words.every((word) => `${entry.name} ${entry.id} ${entry.description}`.toLowerCase().includes(word)));
    return hits.slice(0, SHOWN);
  }, [entries, search]);
  const chosen = entries.find((entry) => entry.id === value);

  if (catalog.error) return <p className="status-error">The schema catalog could not be loaded: {catalog.error}</p>;
  return (
    <div className="catalog-picker">
      <input
        type="search"
        className="input-small"
        aria-label="Search the schema catalog"
        placeholder={catalog.loading ? 'Loading the catalog…' : `Search ${entries.length} schemas: workflow, chart, tsconfig…`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <select
        className="catalog-list"
        aria-label="Catalog schema"
        size={8}
        value={value ?? ''}
        onChange={(e) => {
          if (e.target.value) onChange(e.target.value);
        }}
      >
        {chosen && !matching.includes(chosen) ? <option value={chosen.id}>{label(chosen)}</option> : null}
        {matching.map((entry) => (
          <option key={entry.id} value={entry.id} disabled={entry.unusable !== undefined} title={entry.unusable ?? entry.description}>
            {label(entry)}
          </option>
        ))}
      </select>
      <p className="muted catalog-note" data-testid="catalog-choice">
        {chosen ? `${chosen.name}: ${chosen.description}` : 'Choose a schema: the input is checked against it as you type.'}
      </p>
    </div>
  );
}

function label(entry: Entry): string {
  return `${entry.name} (${entry.id})${entry.unusable ? ': cannot be used here' : ''}`;
}
