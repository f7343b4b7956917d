// The dependency deadlines' configuration, and the outage shapes that test/integration cannot
// produce on the shared PostgreSQL (too many clients, a pool that hands out no connection in time):
// Prisma's errors as @prisma/adapter-pg reports them.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/lib/config';
import { toErrorReply } from '@/lib/api/errors';
import { DEFAULT_DEPENDENCY_TIMEOUT_MS, DependencyUnavailableError, unavailableDependency } from '@/lib/dependencies';
import { unavailableAnswer } from '../helpers/outage';

const prismaError = (fields: Record<string, unknown>) =>
  Object.assign(new Error('Invalid `db.user.findMany()` invocation'), { clientVersion: '7.10.0', ...fields });
const adapterCause = (cause: Record<string, unknown>) =>
  prismaError({ code: 'P2010', meta: { driverAdapterError: { name: 'DriverAdapterError', cause } } });

describe('DATABASE_TIMEOUT_MS and REDIS_TIMEOUT_MS', () => {
  it('default to one second each, and take whole milliseconds', () => {
    expect(loadConfig({}).databaseTimeoutMs).toBe(DEFAULT_DEPENDENCY_TIMEOUT_MS);
    expect(DEFAULT_DEPENDENCY_TIMEOUT_MS).toBe(1_000);
    expect(loadConfig({ DATABASE_TIMEOUT_MS: '2500' }).databaseTimeoutMs).toBe(2_500);
    expect(loadConfig({ REDIS_TIMEOUT_MS: '300', DATABASE_TIMEOUT_MS: '9000' }).redisTimeoutMs).toBe(300);
  });

  it.each(['0', '-1', '1.5', '1s', '99999999'])('refuse %j at start-up with one readable error', (value) => {
    expect(() => loadConfig({ REDIS_TIMEOUT_MS: value })).toThrow(/^Invalid configuration: REDIS_TIMEOUT_MS must be a whole number of milliseconds/);
    expect(() => loadConfig({ DATABASE_TIMEOUT_MS: value })).toThrow(/^Invalid configuration: DATABASE_TIMEOUT_MS/);
  });
});

describe('which errors mean "the database is not answering"', () => {
  it.each([
    ['too many clients (53300)', adapterCause({ kind: 'TooManyConnections', cause: 'sorry, too many clients already', originalCode: '53300' })],
    ['the database starting up (57P03)', adapterCause({ kind: 'postgres', code: '57P03', originalCode: '57P03' })],
    ['a crash shutdown (57P02)', adapterCause({ kind: 'postgres', code: '57P02', originalCode: '57P02' })],
    ['a connection failure (08006)', adapterCause({ kind: 'postgres', code: '08006', originalCode: '08006' })],
    ['no pool connection in time (P2024)', prismaError({ code: 'P2024' })],
    ['the server closed the connection (P1017)', prismaError({ code: 'P1017' })],
    ['a reset connection (ConnectionClosed)', adapterCause({ kind: 'ConnectionClosed' })],
    ["pg's pool wait", Object.assign(new Error('timeout exceeded when trying to connect'), { clientVersion: '7.10.0' })],
  ])('%s', (_name, err) => {
    expect(unavailableDependency(err)).toBe('database');
  });

  it.each([
    ['a unique violation (P2002)', prismaError({ code: 'P2002' })],
    ['a syntax error (42601)', adapterCause({ kind: 'postgres', code: '42601', originalCode: '42601' })],
    ['a plain Error with a database-like message, not from the database client', new Error('Connection terminated unexpectedly')],
    ['an ECONNRESET of a client socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
  ])('not %s', (_name, err) => {
    expect(unavailableDependency(err)).toBeNull();
  });

  it("another bundle's DependencyUnavailableError is recognised by its shape", () => {
    const foreign = Object.assign(new Error('EVALSHA: no answer within 1000 ms'), { name: 'DependencyUnavailableError', dependency: 'redis' });
    expect(unavailableDependency(foreign)).toBe('redis');
    expect(unavailableDependency(new DependencyUnavailableError('database', 'x'))).toBe('database');
  });
});

describe('the 503 every endpoint answers', () => {
  it('has the contract body, Retry-After, and names the dependency', () => {
    const reply = toErrorReply(adapterCause({ kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 }), 'req_1');
    const body = JSON.parse(reply.body as string);
    expect({ status: reply.status, retryAfter: reply.headers['Retry-After'], body }).toStrictEqual(unavailableAnswer('database'));
    expect(body.error.message).toBe('The database is not answering right now; try again in a few seconds.');
  });

  it('is a 500 for anything else', () => {
    expect(toErrorReply(prismaError({ code: 'P2002' }), 'req_2').status).toBe(500);
  });
});
