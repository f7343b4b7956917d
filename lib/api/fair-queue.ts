// Turns for the conversion pool's workers, fair between accounts: each account waits in a queue of
// its own, free workers go to the accounts in turn (round robin), one account never holds more
// than `maxRunningPerAccount` workers (so with two or more workers one stays free for the others),
// and neither one account nor everybody together can queue without bound.

export interface FairQueueLimits {
  /** Jobs running at once (the workers). */
  slots: number;
  /** Jobs of one account running at once. */
  maxRunningPerAccount: number;
  /** Jobs of one account waiting; beyond, 'account-full'. */
  maxQueuedPerAccount: number;
  /** Jobs waiting, all accounts together; beyond, 'full'. */
  maxQueued: number;
}

/** A job's place: `started` resolves when it may run; `release` must be called once it ran (or to leave the queue). */
export interface Turn {
  /** The job may run at once (no wait: `started` is already resolved). */
  now: boolean;
  started: Promise<void>;
  release(): void;
}

export type Admission = { ok: true; turn: Turn } | { ok: false; reason: 'full' | 'account-full' };

interface Waiter {
  start: () => void;
  /** Still in its account's queue. */
  waiting: boolean;
}

interface AccountState {
  running: number;
  waiting: Waiter[];
}

export class FairQueue {
  readonly limits: FairQueueLimits;
  #accounts = new Map<string, AccountState>();
  /** Accounts with jobs waiting, in the order of their next turn. */
  #ring: string[] = [];
  #running = 0;
  #queued = 0;

  constructor(limits: FairQueueLimits) {
    if (limits.slots < 1 || limits.maxRunningPerAccount < 1) throw new Error('FairQueue needs at least one slot per account.');
    this.limits = limits;
  }

  stats(): { running: number; queued: number; accounts: number } {
    return { running: this.#running, queued: this.#queued, accounts: this.#accounts.size };
  }

  /** Asks for a turn for one job of `account`; refused at once when its queue or the whole queue is full. */
  enter(account: string): Admission {
    const state = this.#accounts.get(account) ?? { running: 0, waiting: [] };
    const canStart = this.#running < this.limits.slots && state.running < this.limits.maxRunningPerAccount && state.waiting.length === 0;
    if (!canStart) {
      if (state.waiting.length >= this.limits.maxQueuedPerAccount) return { ok: false, reason: 'account-full' };
      if (this.#queued >= this.limits.maxQueued) return { ok: false, reason: 'full' };
    }
    this.#accounts.set(account, state);
    let started = false;
    let released = false;
    let resolve!: () => void;
    const turn: Turn = {
      now: canStart,
      started: new Promise<void>((r) => (resolve = r)),
      release: () => {
        if (released) return;
        released = true;
        if (started) {
          this.#running--;
          state.running--;
        } else if (waiter.waiting) {
          waiter.waiting = false;
          state.waiting.splice(state.waiting.indexOf(waiter), 1);
          this.#queued--;
        }
        this.#forget(account, state);
        this.#dispatch();
      },
    };
    const waiter: Waiter = {
      waiting: false,
      start: () => {
        started = true;
        this.#running++;
        state.running++;
        resolve();
      },
    };
    if (canStart) {
      waiter.start();
    } else {
      waiter.waiting = true;
      state.waiting.push(waiter);
      this.#queued++;
      if (!this.#ring.includes(account)) this.#ring.push(account);
    }
    return { ok: true, turn };
  }

  /** Gives free slots to waiting jobs, one account after another. */
  #dispatch(): void {
    while (this.#running < this.limits.slots && this.#ring.length > 0) {
      // The first account in the ring that may start one more job gets the turn, then goes last.
      const at = this.#ring.findIndex((account) => this.#accounts.get(account)!.running < this.limits.maxRunningPerAccount);
      if (at === -1) return;
      const account = this.#ring[at]!;
      const state = this.#accounts.get(account)!;
      const waiter = state.waiting.shift()!;
      waiter.waiting = false;
      this.#queued--;
      this.#ring.splice(at, 1);
      if (state.waiting.length > 0) this.#ring.push(account);
      waiter.start();
    }
  }

  #forget(account: string, state: AccountState): void {
    if (state.running === 0 && state.waiting.length === 0) {
      this.#accounts.delete(account);
      const at = this.#ring.indexOf(account);
      if (at !== -1) this.#ring.splice(at, 1);
    } else if (state.waiting.length === 0) {
      const at = this.#ring.indexOf(account);
      if (at !== -1) this.#ring.splice(at, 1);
    }
  }
}
