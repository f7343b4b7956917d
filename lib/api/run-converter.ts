// Where a conversion runs: on the request thread under a short deadline, else in a pool of worker
// threads (piscina) with a heap limit, a time limit and turns that are fair between accounts, so
// no document can stall the server, crash it, or keep other accounts waiting behind one account.
// (Not marked 'server-only': scripts/serve.ts, outside Next.js, builds the server's pool, lib/services.)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import { PLAN_LIST, PLANS, type PlanId } from '@/lib/accounts/plans';
import { ConversionError, deadlineIn, isDeadlineExceeded, type Deadline } from '@/lib/converter';
import { answerJob, type ConversionJob, type JobAnswer } from '@/lib/jobs/conversion-job';
import { reviveError, type TaskStarted, type WorkerAnswer, type WorkerTask } from '@/lib/jobs/worker-protocol';
import { ApiError } from '@/lib/errors/api-error';
import { DEFAULT_CONVERSION_MEMORY_MB, DEFAULT_CONVERSION_TIMEOUT_MS } from '@/lib/config/defaults';
import { FairQueue } from './fair-queue';
import { threadCpuMs } from './thread-cpu';
import { fallbackLogger } from '@/lib/observability/logger';

export interface RunLimits {
  /** Bodies of at least this many bytes go straight to a worker. */
  workerFromBytes: number;
  /**
   * Time a smaller body may take on the request thread, in ms; past it the converter stops
   * (DeadlineExceeded) and the same job runs again in a worker.
   */
  inProcessDeadlineMs: number;
  /** Heap (old generation) of one worker, in MB. */
  memoryMb: number;
  /**
   * Wall-clock limit of one conversion in a worker, from the moment a worker takes it, in ms
   * (CONVERSION_TIMEOUT_MS): the cap of every plan's own limit, and the limit of a job with no plan.
   */
  timeoutMs: number;
  /** Each plan's limit of one conversion in a worker, ms (the plans table's; `timeoutMs` caps them). */
  planTimeoutsMs: Readonly<Record<PlanId, number>>;
  /** Worker threads; further conversions wait in the queue. */
  maxWorkers: number;
  /** Conversions of one account in workers at once (fewer than the workers: one stays free for the others). */
  maxRunningPerAccount: number;
  /** Conversions of one account waiting for a worker; beyond this, 429. */
  maxQueuedPerAccount: number;
  /** Conversions waiting for a worker, all accounts together; beyond this, 503. */
  maxQueued: number;
  /** The bundled worker (scripts/build-worker.mjs). */
  workerFile: string;
}

/** The request thread's budget for one conversion: health checks and small requests never wait much longer. */
export const IN_PROCESS_DEADLINE_MS = 30;
/** Bodies of at least this many bytes go straight to a worker. */
export const WORKER_FROM_BYTES = 256 * 1024;
/** Conversions of one account waiting for a worker; beyond, 429. */
export const MAX_QUEUED_PER_ACCOUNT = 4;
/** Conversions waiting for a worker, all accounts together; beyond, 503. */
export const MAX_QUEUED = 64;

/** The bundled worker of the checkout at `root` (scripts/build-worker.mjs). */
export const workerFileIn = (root: string): string => path.join(root, 'build', 'pool-worker.cjs');

/**
 * The pool's limits on a machine of `cores` cores (a worker each, one left free of any one
 * account) with its worker bundle at `workerFile`; `overrides` replace any of them. Made by the
 * services (lib/services), which read the machine once.
 */
export function runLimits(machine: { cores: number; workerFile: string }, overrides: Partial<RunLimits> = {}): RunLimits {
  const workers = Math.max(1, machine.cores);
  return {
    workerFromBytes: WORKER_FROM_BYTES,
    inProcessDeadlineMs: IN_PROCESS_DEADLINE_MS,
    memoryMb: DEFAULT_CONVERSION_MEMORY_MB,
    timeoutMs: DEFAULT_CONVERSION_TIMEOUT_MS,
    planTimeoutsMs: Object.fromEntries(PLAN_LIST.map((plan) => [plan.id, plan.conversionTimeoutMs])) as Record<PlanId, number>,
    maxWorkers: workers,
    maxRunningPerAccount: Math.max(1, workers - 1),
    maxQueuedPerAccount: MAX_QUEUED_PER_ACCOUNT,
    maxQueued: MAX_QUEUED,
    workerFile: machine.workerFile,
    ...overrides,
  };
}

/** Observers and replacements for tests and diagnostics. */
export interface PoolHooks {
  /** Makes the request thread's deadline of one job (default: `deadlineIn(limits.inProcessDeadlineMs)`). */
  deadline?: (ms: number) => Deadline;
  /** CPU time the request thread has used so far, ms (default: threadCpuMs, its own time on a CPU). */
  threadCpu?: () => number;
  /** A job of `account` got its turn and went to a worker. */
  workerStarted?: (account: string) => void;
  /** A worker failed outside any job (the server's log, lib/services; the fallback log by default). */
  workerError?: (err: unknown) => void;
  /** Something the operator should know (no bundled worker): the server's log; the fallback log by default. */
  warn?: (message: string) => void;
}

/** What a pool has done since it was made (diagnostics, tests). */
export interface PoolCounters {
  /** Jobs answered on the request thread. */
  inProcess: number;
  /** Jobs that ran past the request thread's deadline and were handed to a worker. */
  handedOver: number;
  /** Jobs a worker took (handed over or large). */
  inWorker: number;
}

/** How long an account's jobs skip the request thread after one of them held it (10 s; README says so). */
export const OVERDUE_MEMORY_MS = 10_000;
/**
 * A job that used this share of the deadline in CPU time of the request thread held it: its
 * account's next jobs go to a worker. CPU time, not the clock: a job that only waited while a
 * busy machine ran other processes (the clock ran, the thread did not) marks no account, so a
 * pause cannot send a healthy account's stream of 1 KB requests through the pool. Valid YAML
 * of 256 KiB reads in a few ms (the single-pass readers), far below it.
 */
const HELD_SHARE = 0.5;
/** Bounds the memory of overdue accounts (forgetting them only costs one deadline each). */
const MAX_OVERDUE_ACCOUNTS = 10_000;

/** Any account: jobs that come with no account (tests, unkeyed callers) share this one. */
const NO_ACCOUNT = '';

/** Lower CPU priority of the workers than of the thread that serves requests (nice +10). */
const WORKER_NICE = 10;

/** Retry-After (seconds) of the 503 when the queue is full, and of the 429 when an account's queue is. */
export const RETRY_AFTER_SECONDS = 5;

/** Whose job it is: the account whose turn it takes and that a late job marks, and its plan (the time limit in a worker). */
export interface JobOwner {
  readonly userId: string;
  readonly plan: PlanId;
}

/** A job's owner as the pool keeps it: an account given as a bare id has no plan (the time limit is then `timeoutMs`). */
type Owner = { readonly userId: string; readonly plan?: PlanId };

/** A successful conversion: its direction (`yaml->json`), request body and answer bytes, and seconds in the pool. */
export type ConversionObserver = (direction: string, inputBytes: number, outputBytes: number, seconds: number) => void;

export class ConversionPool {
  readonly limits: RunLimits;
  readonly #hooks: PoolHooks;
  #pool: Piscina<WorkerTask, WorkerAnswer> | undefined;
  readonly #turns: FairQueue;
  #nextId = 1;
  /** Started callbacks of the tasks in a worker or waiting for one, by task id. */
  #pending = new Map<number, () => void>();
  /** Ids of the tasks a worker has taken. */
  #running = new Set<number>();
  #counters: PoolCounters = { inProcess: 0, handedOver: 0, inWorker: 0 };
  #workerFound = false;
  #warnedNoWorker = false;
  /** Accounts whose small jobs go straight to a worker, until when (epoch ms). */
  #overdue = new Map<string, number>();
  #observer: ConversionObserver | undefined;

  constructor(limits: RunLimits, hooks: PoolHooks = {}) {
    this.limits = limits;
    this.#hooks = hooks;
    this.#turns = new FairQueue({
      slots: limits.maxWorkers,
      maxRunningPerAccount: Math.min(limits.maxWorkers, limits.maxRunningPerAccount),
      maxQueuedPerAccount: limits.maxQueuedPerAccount,
      maxQueued: limits.maxQueued,
    });
  }

  /** Conversions in a worker now, and conversions waiting for one. */
  stats(): { running: number; queued: number } {
    return { running: this.#running.size, queued: this.#pending.size - this.#running.size };
  }

  counters(): PoolCounters {
    return { ...this.#counters };
  }

  /** Thread ids of the pool's workers (diagnostics, tests: a stopped worker is replaced by a new one). */
  workerThreadIds(): number[] {
    return (this.#pool?.threads ?? []).map((worker) => worker.threadId);
  }

  /**
   * Answers the job here (small body, within the deadline) or in a worker, or throws the refusal
   * its request deserves (ApiError, ConversionError). `client` is the client's request (or its
   * signal): its `signal` is read only if the job goes to a worker (the node:http front creates it
   * on first use). `owner` is the account whose turn the job takes in the pool, and its plan.
   */
  async run(job: ConversionJob, client?: AbortSignal | { readonly signal: AbortSignal }, owner?: string | JobOwner): Promise<JobAnswer> {
    const observer = this.#observer;
    const who = typeof owner === 'string' ? { userId: owner } : (owner ?? { userId: NO_ACCOUNT });
    if (!observer) return this.#run(job, client, who);
    const started = performance.now();
    const inputBytes = job.body.byteLength;
    const answer = await this.#run(job, client, who);
    if (answer.direction) observer(answer.direction, inputBytes, answer.body.byteLength, (performance.now() - started) / 1000);
    return answer;
  }

  /** Told of every successful conversion (lib/observability/metrics.ts): direction, request and response bytes, seconds. */
  observeConversions(observer: ConversionObserver): void {
    this.#observer = observer;
  }

  async #run(job: ConversionJob, client: AbortSignal | { readonly signal: AbortSignal } | undefined, owner: Owner): Promise<JobAnswer> {
    const account = owner.userId;
    if (!this.#hasWorker()) {
      if (job.body.byteLength >= this.limits.workerFromBytes) {
        this.#warnOnce(`${this.limits.workerFile} is missing (run \`npm run build\`); converting on the main thread.`);
      }
      return this.#inProcess(job);
    }
    if (job.body.byteLength < this.limits.workerFromBytes && !this.#overdueLately(account)) {
      const here = this.#onRequestThread(job, account);
      if (here) return here;
    }
    const signal = client === undefined || client instanceof AbortSignal ? client : client.signal;
    if (signal?.aborted) throw cancelled();
    const admission = this.#turns.enter(account);
    if (!admission.ok) throw admission.reason === 'full' ? busy() : accountBusy(this.limits.maxQueuedPerAccount);
    const { turn } = admission;
    const id = this.#nextId++;
    this.#pending.set(id, () => {});
    try {
      // A job whose turn is now goes to its worker at once (its body is transferred before this returns).
      if (!turn.now && !(await untilStartedOrAborted(turn.started, signal))) throw cancelled();
      if (signal?.aborted) throw cancelled();
      return await this.#inWorker(id, job, signal, owner);
    } finally {
      this.#pending.delete(id);
      this.#running.delete(id);
      turn.release();
    }
  }

  /**
   * Runs the job on the request thread under the deadline; undefined when it ran past it (nothing
   * was produced: the same job, body intact, then runs again where it may take its time). A job
   * that held the thread (HELD_SHARE of the deadline in the thread's own CPU time), stopped or not,
   * sends its account's next jobs, of any size, to a worker. Its refusal is thrown as it is.
   */
  #onRequestThread(job: ConversionJob, account: string): JobAnswer | undefined {
    const deadline = (this.#hooks.deadline ?? deadlineIn)(this.limits.inProcessDeadlineMs);
    const cpu = this.#hooks.threadCpu ?? threadCpuMs;
    const cpuAtStart = cpu();
    try {
      const answer = answerJob(job, deadline);
      this.#counters.inProcess++;
      return answer;
    } catch (err) {
      if (!isDeadlineExceeded(err)) {
        this.#counters.inProcess++;
        throw err;
      }
      this.#counters.handedOver++;
      return undefined;
    } finally {
      if (cpu() - cpuAtStart >= HELD_SHARE * this.limits.inProcessDeadlineMs) this.#markOverdue(account);
    }
  }

  /**
   * An account whose job held the request thread lately sends its next jobs straight to a worker:
   * hostile requests, at once or one after another, then cost the request thread one deadline
   * per account every OVERDUE_MEMORY_MS, not one each.
   */
  #overdueLately(account: string): boolean {
    const until = this.#overdue.get(account);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.#overdue.delete(account);
    return false;
  }

  #markOverdue(account: string): void {
    if (this.#overdue.size >= MAX_OVERDUE_ACCOUNTS) this.#overdue.clear();
    this.#overdue.set(account, Date.now() + OVERDUE_MEMORY_MS);
  }

  /** Says once, in the log, that conversions run on the request thread for want of the bundled worker. */
  #warnOnce(message: string): void {
    if (this.#warnedNoWorker) return;
    this.#warnedNoWorker = true;
    (this.#hooks.warn ?? ((text: string) => fallbackLogger().warn({ component: 'conversion-pool' }, text)))(message);
  }

  /** Whether the bundled worker exists (once it does, it is not looked for again). */
  #hasWorker(): boolean {
    this.#workerFound ||= existsSync(this.limits.workerFile);
    return this.#workerFound;
  }

  /** Starts the workers now rather than during the first large request (the server, at start); without the bundled worker, nothing to start. */
  start(): void {
    if (this.#hasWorker()) this.#piscina();
  }

  /** Stops the workers (tests; the server's pool lives as long as the process). */
  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.destroy();
  }

  /** No worker to hand anything to (no build): the request thread answers, however long it takes. */
  #inProcess(job: ConversionJob): JobAnswer {
    this.#counters.inProcess++;
    return answerJob(job);
  }

  #piscina(): Piscina<WorkerTask, WorkerAnswer> {
    if (!this.#pool) {
      const pool = new Piscina<WorkerTask, WorkerAnswer>({
        filename: this.limits.workerFile,
        minThreads: this.limits.maxWorkers,
        maxThreads: this.limits.maxWorkers,
        // The fair queue hands piscina no more tasks than it has workers; a task may wait here
        // only while a stopped worker is being replaced.
        maxQueue: this.limits.maxWorkers,
        concurrentTasksPerWorker: 1,
        resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
        // An idle worker waits in its event loop rather than in Atomics.wait, so V8 can
        // give back the memory of a large conversion once it is done.
        atomics: 'disabled',
        // Workers yield the CPU to the event loop when cores are short (Linux: per thread).
        niceIncrement: WORKER_NICE,
      });
      pool.on('message', (message: TaskStarted) => this.#pending.get(message.started)?.());
      // Errors of a worker with no task (none expected) must not crash the server.
      const workerError =
        this.#hooks.workerError ?? ((err: unknown) => fallbackLogger().error({ err, component: 'conversion-pool' }, 'conversion worker error'));
      pool.on('error', workerError);
      this.#pool = pool;
    }
    return this.#pool;
  }

  async #inWorker(id: number, job: ConversionJob, signal: AbortSignal | undefined, owner: Owner): Promise<JobAnswer> {
    const timeLimit = this.#timeLimit(owner);
    // Aborting the task makes piscina terminate its worker (and start a new one).
    const stop = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    this.#pending.set(id, () => {
      this.#running.add(id);
      timer = setTimeout(() => {
        timedOut = true;
        stop.abort();
      }, timeLimit.ms);
    });
    // A client that went away does not keep a worker busy.
    const onClientAbort = () => stop.abort();
    signal?.addEventListener('abort', onClientAbort, { once: true });
    // Counted when handed over, not on the worker's "started" message: that comes on another
    // channel than the answer, and may arrive after it.
    this.#counters.inWorker++;
    this.#hooks.workerStarted?.(owner.userId);
    let answer: WorkerAnswer;
    try {
      answer = await this.#piscina().run(
        { id, job },
        { signal: stop.signal, transferList: [...new Set(job.body.blocks.map((block) => block.buffer as ArrayBuffer))] },
      );
    } catch (err) {
      throw this.#workerFailure(err, timedOut, stop.signal.aborted, timeLimit);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onClientAbort);
    }
    // The job's refusal crossed the thread as data: revived here, the one place an error is.
    if (!answer.ok) throw reviveError(answer.error);
    return answer.answer;
  }

  /** Why a worker gave no answer: past its time limit or its memory (422), the client gone, the queue full (503), or a fault. */
  #workerFailure(err: unknown, timedOut: boolean, stopped: boolean, timeLimit: { ms: number; plan?: string }): unknown {
    if (timedOut) {
      const whose = timeLimit.plan ? `the ${timeLimit.plan} plan's limit` : 'the limit';
      return new ConversionError('limit_exceeded', `Converting this input took longer than ${timeLimit.ms / 1000} s, ${whose} for one conversion.`);
    }
    if (stopped) return cancelled();
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new ConversionError(
        'limit_exceeded',
        `Converting this input needs more than ${this.limits.memoryMb} MB of memory, the limit for one conversion.`,
      );
    }
    if (err instanceof Error && /queue is at limit|no task queue available/i.test(err.message)) return busy();
    return err;
  }

  /** The owner's plan's limit in a worker, unless the server's cap (CONVERSION_TIMEOUT_MS) is lower; `plan` names the plan whose limit it is. */
  #timeLimit(owner: Owner): { ms: number; plan?: string } {
    const planMs = owner.plan === undefined ? undefined : this.limits.planTimeoutsMs[owner.plan];
    if (planMs === undefined || planMs >= this.limits.timeoutMs) return { ms: this.limits.timeoutMs };
    return { ms: planMs, plan: PLANS[owner.plan!].name };
  }
}

/** true once the turn came; false if the client left first (its place is then given up by the caller). */
async function untilStartedOrAborted(started: Promise<void>, signal: AbortSignal | undefined): Promise<boolean> {
  if (!signal) {
    await started;
    return true;
  }
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<false>((resolve) => {
    onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([started.then(() => true as const), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}

const busy = () =>
  new ApiError('unavailable', 'The server is busy with large conversions; try again in a few seconds.', {
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  });

/** One account's own queue is full: its own requests are what it waits for, so 429 rather than 503. */
function accountBusy(maxQueued: number): ApiError {
  return new ApiError(
    'rate_limited',
    `This account already has ${maxQueued} large conversions waiting for a worker, the most one account may queue; try again when one is done.`,
    { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } },
  );
}

/** Nobody reads this answer (the client is gone); it only must not be logged as a 500. */
const cancelled = () => new ApiError('bad_request', 'The client closed the request; its conversion was stopped.');
