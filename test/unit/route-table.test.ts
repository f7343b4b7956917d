import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@/lib/api/next-route';
import { jsonReply } from '@/lib/api/reply';
import { defineRoute, endpointFor } from '@/lib/api/route-table';
import { withApi } from '@/lib/api/with-api';
import { useServices } from '../helpers/services';

const echoParams = withApi((_request, ctx) => jsonReply({ params: ctx.params }));
const table = {
  '/api/things': defineRoute({ GET: echoParams, POST: echoParams }),
  '/api/things/[id]': defineRoute({ PATCH: echoParams, DELETE: echoParams }),
};
const request = (method: string) => new Request('http://x/', { method });

describe('route tables', () => {
  // withApi reads the services at the one seam (the server installs them; here, the tests' own).
  let uninstall: () => void;
  beforeAll(() => {
    uninstall = useServices();
  });
  afterAll(() => uninstall());

  it('answer a method the path does not serve with 405 and Allow listing the served ones in order', async () => {
    const reply = await endpointFor(table['/api/things/[id]'], 'GET')(request('GET'));
    expect([reply.status, reply.headers.Allow]).toStrictEqual([405, 'PATCH, DELETE']);
    expect(JSON.parse(reply.body as string).error).toMatchObject({
      code: 'method_not_allowed',
      message: 'GET is not served here; use PATCH or DELETE.',
    });
  });

  it('give the handler the params of the table, or of Next.js through a route file', async () => {
    const fromTable = await endpointFor(table['/api/things/[id]'], 'PATCH')(request('PATCH'), { id: 'key_1' });
    expect(JSON.parse(fromTable.body as string)).toStrictEqual({ params: { id: 'key_1' } });
    const fromNext = await route(echoParams)(request('PATCH'), { params: Promise.resolve({ id: 'key_2' }) });
    expect(await fromNext.json()).toStrictEqual({ params: { id: 'key_2' } });
    expect(await (await route(echoParams)(request('GET'))).json()).toStrictEqual({ params: {} });
  });
});
