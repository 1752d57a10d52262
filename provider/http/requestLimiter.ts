/**
 * Staying under the code host's secondary limits by construction, with
 * Bottleneck (the limiter Octokit's throttling plugin uses): requests in
 * flight, points per minute per endpoint (GET 1, writes 5), content-creating
 * requests per minute and per hour, and a spacing between writes.
 *
 * The per-minute and per-hour budgets are token buckets holding half the
 * limit and refilling at half the limit per window: whatever window the
 * server counts in (fixed or sliding), no window of that length ever sees
 * more than the limit. A fixed reservoir refreshed each minute could send a
 * full budget at the end of one minute and another at the start of the next.
 */
import { setTimeout as sleep } from "node:timers/promises";
import Bottleneck from "bottleneck";
import { LIMITER } from "./retryTable";

export interface RequestLimits {
  /** Requests in flight at once. */
  readonly maxConcurrent: number;
  /** Points per minute per endpoint (`method path`). */
  readonly pointsPerMinute: number;
  /** Points of a GET/HEAD/OPTIONS; other methods cost `writePoints`. */
  readonly readPoints: number;
  readonly writePoints: number;
  /** Content-creating requests (POST) per minute and per hour. */
  readonly creationsPerMinute: number;
  readonly creationsPerHour: number;
  /** Shortest time between the sending of two writes. */
  readonly writeSpacingMs: number;
  /** Length of a minute (tests scale it with the emulator's clock); an hour is 60 of them. */
  readonly minuteMs: number;
}

const READS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

export function isWrite(method: string): boolean {
  return !READS.has(method.toUpperCase());
}

/** A POST makes something (an issue, a comment); PATCH/PUT/DELETE change or remove it. */
export function isContentCreating(method: string): boolean {
  return method.toUpperCase() === "POST";
}

export function pointsOf(limits: RequestLimits, method: string): number {
  return isWrite(method) ? limits.writePoints : limits.readPoints;
}

/** Bottleneck checks its reservoirs on a heartbeat; refills are one step per heartbeat (the retry table's LIMITER). */
const HEARTBEAT_MS = LIMITER.heartbeatMs;

/** Bucket options: holds half of `limit`, refills half of it per `windowMs`, in whole steps no faster than the heartbeat. */
export function bucketOptions(limit: number, windowMs: number): Bottleneck.ConstructorOptions {
  const half = Math.max(1, Math.floor(limit / 2));
  const perMs = half / windowMs;
  const interval = Math.max(HEARTBEAT_MS, Math.ceil(1 / perMs));
  return {
    reservoir: half,
    reservoirIncreaseMaximum: half,
    reservoirIncreaseInterval: interval,
    reservoirIncreaseAmount: Math.max(1, Math.floor(perMs * interval)),
    heartbeatInterval: HEARTBEAT_MS,
  };
}

export interface RequestLimiter {
  /** Runs `send` when every limit allows a request of `method` to `endpoint`. */
  schedule<T>(method: string, endpoint: string, send: () => Promise<T>): Promise<T>;
}

/**
 * Runs each `send` at least `spacingMs` after the one before, read from the clock when it is called.
 * The queue that orders the writes (Bottleneck's minTime) spaces their starts, but the stages after
 * it (a budget, a slot in flight) take their own time, longer on a loaded machine: two writes
 * started 250 ms apart could leave 30 ms apart. The last step before sending checks again.
 */
export function spacedAtSend(spacingMs: number): <T>(send: () => Promise<T>) => Promise<T> {
  let lastSentAt = -Infinity;
  return async <T>(send: () => Promise<T>): Promise<T> => {
    for (let wait = lastSentAt + spacingMs - performance.now(); wait > 0; wait = lastSentAt + spacingMs - performance.now()) {
      await sleep(Math.ceil(wait));
    }
    // The clock is read once the send has begun (its request leaves in its first synchronous part): the next one is spaced from then.
    const sending = send();
    lastSentAt = performance.now();
    return sending;
  };
}

export function createRequestLimiter(limits: RequestLimits): RequestLimiter {
  const inFlight = new Bottleneck({ maxConcurrent: limits.maxConcurrent });
  const endpoints = new Bottleneck.Group(bucketOptions(limits.pointsPerMinute, limits.minuteMs));
  const writes = new Bottleneck({ maxConcurrent: null, minTime: limits.writeSpacingMs });
  const writeSent = spacedAtSend(limits.writeSpacingMs);
  const creationsPerMinute = new Bottleneck(bucketOptions(limits.creationsPerMinute, limits.minuteMs));
  const creationsPerHour = new Bottleneck(bucketOptions(limits.creationsPerHour, 60 * limits.minuteMs));

  return {
    schedule<T>(method: string, endpoint: string, send: () => Promise<T>): Promise<T> {
      // Innermost the slot in flight, so a request waiting for a budget holds none (a write waits in
      // it only for what the stages before it took too little of its spacing).
      const sendInSlot = (): Promise<T> => inFlight.schedule(isWrite(method) ? () => writeSent(send) : send);
      const budgeted = (): Promise<T> => endpoints.key(endpoint).schedule({ weight: pointsOf(limits, method) }, sendInSlot);
      if (!isWrite(method)) return budgeted();
      const spaced = (): Promise<T> => writes.schedule(budgeted);
      if (!isContentCreating(method)) return spaced();
      return creationsPerHour.schedule(() => creationsPerMinute.schedule(spaced));
    },
  };
}
