// The document's schemas, field by field, with the values of a described enum (the validation issue codes).
import type { PropertyView, SchemaView } from '@/lib/web/openapi-view';
import { InlineText, RichText } from './rich-text';
import { TypeText } from './type-text';

export function SchemasSection({ schemas, names }: { schemas: SchemaView[]; names: ReadonlySet<string> }) {
  return (
    <section id="schemas" aria-labelledby="schemas-heading">
      <h2 id="schemas-heading">Schemas</h2>
      {schemas.map((s) => (
        <div key={s.name} id={`schema-${s.name}`}>
          <h3>{s.name}</h3>
          <RichText text={s.description} />
          {s.properties.length ? (
            <div className="table-wrap" tabIndex={0} role="region" aria-label={`${s.name} fields`}>
              <table className="table schema-props">
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Type</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {s.properties.map((p) => (
                    <tr key={p.name}>
                      <td>
                        <code>{p.name}</code> {p.required ? <span className="badge">required</span> : null}
                      </td>
                      <td>
                        <TypeText type={p.type} names={names} />
                      </td>
                      <td>
                        <InlineText text={p.description} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>
              Type: <TypeText type={s.type ?? 'any'} names={names} />
            </p>
          )}
          {s.properties.map((p) => (p.values ? <EnumValues key={p.name} schema={s.name} property={p} /> : null))}
        </div>
      ))}
    </section>
  );
}

/** Every value of a described enum (ValidationIssue.code: the issue codes) with its one-line meaning. */
function EnumValues({ schema, property }: { schema: string; property: PropertyView }) {
  const label = `${schema}.${property.name}`;
  return (
    <>
      <h4 id={`schema-${schema}-${property.name}`}>
        <code>{property.name}</code> values
      </h4>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={`${label} values`}>
        <table className="table" data-testid="enum-values">
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {property.values!.map((v) => (
              <tr key={v.value} id={`schema-${schema}-${property.name}-${v.value}`}>
                <td>
                  <code>{v.value}</code>
                </td>
                <td>
                  <InlineText text={v.description} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
