// The site's public origin: from NEXTAUTH_URL, or where the embedded default listens; and which request
// hosts are the site's (the only ones whose requests may cause a mail).
import { describe, expect, it } from 'vitest';
import { PublicSite } from '@/lib/http/public-site';

describe('PublicSite', () => {
  it('takes a configured origin as is, and only its host', () => {
    const site = new PublicSite('https://yamljson.example.com');
    site.listening(undefined, 3000);
    expect(site.origin).toBe('https://yamljson.example.com');
    expect(site.configured).toBe(true);
    for (const host of ['yamljson.example.com', 'YAMLJSON.example.com', 'yamljson.example.com:443', 'yamljson.example.com, evil.example']) {
      expect(site.servesHost(host), host).toBe(true);
    }
    for (const host of [
      'evil.example',
      'localhost:3000',
      'yamljson.example.com:8443',
      'yamljson.example.com.evil.example',
      '',
      null,
      'a b',
      'x@yamljson.example.com',
    ]) {
      expect(site.servesHost(host), String(host)).toBe(false);
    }
  });

  it('without one, links say localhost for a server on every interface, and the loopback names are its hosts', () => {
    const site = new PublicSite(undefined);
    expect(() => site.origin).toThrow(/before the server listens/);
    expect(site.servesHost('localhost:3000')).toBe(false);
    site.listening(undefined, 3000);
    expect(site.origin).toBe('http://localhost:3000');
    expect(site.configured).toBe(false);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000']) expect(site.servesHost(host), host).toBe(true);
    for (const host of ['localhost:3001', 'localhost', '192.168.1.5:3000', 'evil.example:3000']) expect(site.servesHost(host), host).toBe(false);
  });

  it.each([
    ['127.0.0.1', 'http://127.0.0.1:4000'],
    ['::1', 'http://[::1]:4000'],
    ['0.0.0.0', 'http://localhost:4000'],
    ['::', 'http://localhost:4000'],
    ['10.1.2.3', 'http://10.1.2.3:4000'],
    ['box.lan', 'http://box.lan:4000'],
  ])('listening on %s: %s', (hostname, origin) => {
    const site = new PublicSite(undefined);
    site.listening(hostname, 4000);
    expect(site.origin).toBe(origin);
    expect(site.servesHost(new URL(origin).host)).toBe(true);
  });

  it('a name that is not loopback answers to that name only', () => {
    const site = new PublicSite(undefined);
    site.listening('box.lan', 4000);
    expect(site.servesHost('localhost:4000')).toBe(false);
    expect(site.servesHost('box.lan:4000')).toBe(true);
  });
});
