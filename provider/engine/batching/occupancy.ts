/**
 * How busy the provider process is: the operations the engine has running in it,
 * how many of them sit in an open batch or read window, and how many the engine
 * has shown it runs at once (its `--parallel`, learned: the provider is not told).
 * When every running operation waits in a window and the engine already runs as
 * many as it ever has, waiting longer cannot bring another item: the windows go now.
 * The most it ever ran can be fewer than it can run: an engine slowed by its
 * checkpoint writes sends the first writes of a step one by one. A window that
 * went at that level would keep the engine there (its operations end before it
 * sends more), so a level is trusted only once it was confirmed: the windows sat
 * full at it for a while and the engine sent nothing (the batcher's probe).
 * What the engine has said it will send counts too: a diff that found a change
 * to make in place is followed by that resource's update, however slowly the
 * engine gets to it (each write of a large stack waits for a checkpoint of the
 * whole state). Until the first of them ended, nothing else shows the
 * engine's pace, so a window waits for them rather than going alone; from then
 * on the refills it owes say the rest (the engine diffs each resource just
 * before its update, all through a step: waiting for every announced update
 * held its slots and made a whole step slower, docs/performance.md).
 */
import { REFILL } from "../../http/retryTable";

/**
 * How long after an operation ended the engine is still expected to send the one that takes its
 * place: a few times the refill time this engine showed, within these bounds (the retry table's REFILL).
 */
export const REFILL_MS = REFILL.maxMs;
export const MIN_REFILL_MS = REFILL.minMs;
const REFILLS_OF_PATIENCE = REFILL.refillsOfPatience;

export class Occupancy {
  constructor(private readonly now: () => number = Date.now) {}

  private running = 0;
  /** Operations ended whose slot the engine has not filled again yet, and when the last one ended. */
  private owed = 0;
  private lastEndAt = -Infinity;
  private waiting = 0;
  /** Operations held back to wait for work of the service (relay.ts): they can join no window. */
  private parked = 0;
  /** The time the engine takes to send a new operation after one ended, smoothed. */
  private refillMs: number | undefined;
  /**
   * The most operations seen running at once, recorded when one ends (so a first burst is still
   * being counted), and only when it ran beside others.
   */
  private shownParallelism = 0;
  /** The level at which full windows waited a probe's time and the engine sent nothing: its real limit. */
  private confirmedParallelism = 0;
  /** Operations begun so far: a probe sees whether the engine sent another while it waited. */
  private begun = 0;
  /** Resources whose diff found a change in place and whose update has not begun: writes the engine will send. */
  private readonly announced = new Set<string>();
  /** An announced update ended: the engine showed its pace. */
  private announcedEnded = false;
  private readonly listeners = new Set<() => void>();
  private readonly activityListeners = new Set<() => void>();

  /** An operation starts; the function returned ends it. */
  begin(): () => void {
    this.running++;
    this.begun++;
    if (this.owed > 0) {
      const refill = Math.min(REFILL_MS, this.now() - this.lastEndAt);
      this.refillMs = this.refillMs === undefined ? refill : (1 - REFILL.weight) * this.refillMs + REFILL.weight * refill;
    }
    this.owed = Math.max(0, this.owed - 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.owed++;
      this.lastEndAt = this.now();
      // One operation alone (a zone created before its records) shows nothing of the engine's parallelism.
      if (this.running > 1) this.shownParallelism = Math.max(this.shownParallelism, this.running);
      this.running--;
    };
  }

  /** The engine diffed resource `id` and found a change to make in place: its update will come. */
  announce(id: string): void {
    this.announced.add(id);
  }

  /** The update of resource `id` begins (or will not come): it is announced no more; the function returned says it ended. */
  arrived(id: string): () => void {
    this.announced.delete(id);
    return () => {
      this.announcedEnded = true;
    };
  }

  /** Updates the engine announced and has not sent yet. */
  announcedWrites(): number {
    return this.announced.size;
  }

  /** The announced updates not sent yet while none has ended: arrivals owed before the engine showed its pace. */
  announcedAhead(): number {
    return this.announcedEnded ? 0 : this.announced.size;
  }

  /** `count` operations joined (positive) or left (negative) an open window. */
  waits(count: number): void {
    this.waiting += count;
    if (count > 0 && this.saturated()) for (const listener of [...this.listeners]) listener();
  }

  /** An operation is held back (positive) or let go (negative) to wait for the service's work. */
  parks(count: number): void {
    this.parked += count;
    if (count > 0 && this.saturated()) for (const listener of [...this.listeners]) listener();
  }

  /**
   * Operations that ended lately and whose slots the engine has not filled again: when the
   * engine writes a checkpoint after each one, their successors arrive one by one, and a window
   * should wait for them rather than go with the first. "Lately" is a few of the refill times
   * this engine showed (MIN_REFILL_MS to REFILL_MS; the least before it showed any): at the end
   * of a run, or when the engine has nothing else to send (a refresh's reads all sent), nothing comes.
   */
  owedArrivals(): number {
    const patience = Math.min(REFILL_MS, Math.max(MIN_REFILL_MS, REFILLS_OF_PATIENCE * (this.refillMs ?? 0)));
    return this.now() - this.lastEndAt <= patience ? this.owed : 0;
  }

  /** Operations begun so far in this process. */
  begins(): number {
    return this.begun;
  }

  /** The windows may go at saturation at once: its level was confirmed (a probe saw the engine send nothing more). */
  saturationConfirmed(): boolean {
    return this.confirmedParallelism > 0 && this.confirmedParallelism >= this.shownParallelism;
  }

  /** A probe waited with every running operation in a window and the engine sent nothing: this is its limit. */
  confirmSaturation(): void {
    this.shownParallelism = Math.max(this.shownParallelism, this.running);
    this.confirmedParallelism = Math.max(this.confirmedParallelism, this.running);
  }

  /** Operations running that are neither in a window nor held back: work that may still join one. */
  busyElsewhere(): number {
    return this.running - this.waiting - this.parked;
  }

  /** Every running operation is held back and the engine is not about to send more: nothing can take over a wait. */
  idle(): boolean {
    return this.parked >= this.running && this.waiting === 0 && this.owedArrivals() === 0;
  }

  saturated(): boolean {
    return this.shownParallelism > 0 && this.running > 0 && this.waiting + this.parked >= this.running && this.running >= this.shownParallelism;
  }

  /**
   * The engine checked or diffed a resource: a write is likely to follow soon (its step is being
   * made), so open windows wait on (an engine making steps slower than it could run them, as
   * with checkpoints written, then still fills a batch).
   */
  touch(): void {
    for (const listener of [...this.activityListeners]) listener();
  }

  /** Called on each touch. */
  onActivity(listener: () => void): () => void {
    this.activityListeners.add(listener);
    return () => this.activityListeners.delete(listener);
  }

  /** Called when the process becomes saturated (a window should go at once). */
  onSaturated(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
