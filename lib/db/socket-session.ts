// PGlite is one PostgreSQL session, shared by every client of the embedded server (pglite-socket).
// The server runs the clients' messages one at a time and keeps to one client only while the
// session is in a transaction block (BEGIN ... COMMIT). A parameterised query outside one is several
// messages (Parse, Bind, Describe, Execute) ended by Sync, sharing the session's unnamed statement
// and portal: another client's messages run between them replace that portal, and the first client
// gets `portal "" does not exist` / `cannot be run`, or the other client's rows. That happens when a
// client's messages reach the server in more than one piece, as on a busy machine.
// sessionGuard() makes the server keep to one client from its first extended-protocol message to its
// Sync too, by reporting the session as "in a transaction" meanwhile (the only thing the server's
// queue asks). When a client leaves mid-query, the server's clean-up (a ROLLBACK through exec())
// ends that too.
import type { PGlite } from '@electric-sql/pglite';

/** Extended-protocol messages that leave a query open until the client's Sync. */
const OPENS = new Set(['P', 'B', 'D', 'E', 'C'].map((c) => c.charCodeAt(0)));
const SYNC = 'S'.charCodeAt(0);

/** The database as the socket server should see it; every other use goes to `pg` itself. */
export function sessionGuard(pg: PGlite): PGlite {
  let open = false;
  return new Proxy(pg, {
    get(target, property) {
      if (property === 'isInTransaction') return () => open || target.isInTransaction();
      if (property === 'execProtocolRawStream') {
        return (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const type = message[0];
          if (type === SYNC) open = false;
          else if (type !== undefined && OPENS.has(type)) open = true;
          return target.execProtocolRawStream(message, options);
        };
      }
      if (property === 'exec') {
        return (...args: Parameters<PGlite['exec']>) => {
          open = false;
          return target.exec(...args);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
