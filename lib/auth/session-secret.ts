// next-auth's signing secret: NEXTAUTH_SECRET when set, else one generated on first use and kept in
// the database, so every instance sharing the database agrees on it with nothing to configure. One per
// process, in the services (lib/services): read once, and again only after a read that failed.
import { randomBytes } from 'node:crypto';
import type { Db } from '@/lib/db/client';

export class SessionSecret {
  #secret: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    /** NEXTAUTH_SECRET, if set. */
    private readonly configured: string | undefined,
  ) {}

  get(): Promise<string> {
    this.#secret ??= this.#load().catch((err: unknown) => {
      this.#secret = undefined;
      throw err;
    });
    return this.#secret;
  }

  async #load(): Promise<string> {
    if (this.configured) return this.configured;
    const candidate = randomBytes(32).toString('base64url');
    // The first instance to ask stores its candidate; everyone reads the stored one.
    await this.db.$executeRaw`INSERT INTO "AppSecret" ("name", "value") VALUES ('nextauth_secret', ${candidate}) ON CONFLICT ("name") DO NOTHING`;
    const row = await this.db.appSecret.findUniqueOrThrow({ where: { name: 'nextauth_secret' } });
    return row.value;
  }
}
