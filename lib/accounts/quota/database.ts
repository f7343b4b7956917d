// The quota counted in the database: one atomic upsert per call, exact across instances (DATABASE_URL).
import type { Db } from '@/lib/db/client';
import type { PlanId } from '../plans';
import { decide, hourStart, type QuotaDecision, type QuotaStore } from './interface';
import { incrementUsage } from './usage-hour';

export class DatabaseQuotaStore implements QuotaStore {
  readonly kind = 'database';
  constructor(private readonly db: Db) {}

  async consume(userId: string, plan: PlanId): Promise<QuotaDecision> {
    const now = Date.now();
    const count = await incrementUsage(this.db, userId, hourStart(now), 1);
    return decide(count, plan, now);
  }

  async flush(): Promise<void> {}
}
