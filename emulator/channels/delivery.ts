/**
 * How the emulator pushes a notification to a channel's receiver, as the
 * push-notification rules of the spec (document 001, "Push notification
 * messages") say: an HTTPS POST whose certificate must be valid (the system's
 * CAs, plus the CA a test made: `trustCa`), success on 200/201/202/204/102,
 * retries with exponential backoff on 500/502/503/504, any other status (or a
 * certificate or connection failure) a failed delivery.
 *
 * Deliveries run in the background, one channel's messages one after the
 * other (so a receiver sees them in message-number order), and never hold up
 * an API response; `close()` aborts what is under way.
 */
import https from "node:https";
import tls from "node:tls";

/** Receiver statuses that mean "delivered" (spec rule 3). */
export const DELIVERED_STATUSES: ReadonlySet<number> = new Set([200, 201, 202, 204, 102]);
/** Receiver statuses after which the service retries with exponential backoff. */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

export interface DeliverySettings {
  /** PEM certificates trusted besides the system's CAs (a CA made at test time). */
  trustCa: readonly string[];
  /** First retry delay; each further one doubles it. */
  retryBaseMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Limit of one attempt (connect, send, answer). */
  timeoutMs: number;
}

export const DEFAULT_DELIVERY: Omit<DeliverySettings, "trustCa"> = { retryBaseMs: 500, maxAttempts: 6, timeoutMs: 10_000 };

/** One message to one receiver. */
export interface Message {
  channelId: string;
  messageNumber: number;
  /** `sync` or the event name (`X-Svc-Resource-State`). */
  state: string;
  address: string;
  headers: Record<string, string>;
  /** JSON body, when the notification carries one. */
  body?: unknown;
}

/** What happened to a message: for `/_emulator/<api>/channels` (no headers: they hold the channel token). */
export interface DeliveryRecord {
  channelId: string;
  messageNumber: number;
  state: string;
  /** Each attempt's status, or the network/TLS error's code. */
  attempts: Array<number | string>;
  outcome: "pending" | "delivered" | "failed" | "dropped";
}

type AttemptResult = { status: number } | { error: string };

export class Deliverer {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly controller = new AbortController();
  private readonly records: DeliveryRecord[] = [];
  private readonly ca: string[];
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  constructor(private readonly settings: DeliverySettings) {
    this.ca = [...tls.rootCertificates, ...settings.trustCa];
  }

  /**
   * Queues a message behind the channel's earlier ones. `stillWanted` is asked
   * before each attempt: a channel stopped or expired meanwhile gets nothing more.
   */
  enqueue(message: Message, stillWanted: () => boolean): void {
    const record: DeliveryRecord = {
      channelId: message.channelId,
      messageNumber: message.messageNumber,
      state: message.state,
      attempts: [],
      outcome: "pending",
    };
    this.records.push(record);
    const previous = this.queues.get(message.channelId) ?? Promise.resolve();
    const next = previous
      .then(() => this.deliver(message, record, stillWanted))
      // A bug here must not stop the channel's later messages, nor surface as an unhandled rejection.
      .catch(() => {
        record.outcome = "failed";
      });
    this.queues.set(message.channelId, next);
    void next.finally(() => {
      if (this.queues.get(message.channelId) === next) this.queues.delete(message.channelId);
    });
  }

  deliveries(): DeliveryRecord[] {
    return this.records.map((record) => ({ ...record, attempts: [...record.attempts] }));
  }

  /** Forgets the log (a reset); deliveries under way for channels that no longer exist are dropped by `stillWanted`. */
  clearLog(): void {
    this.records.length = 0;
  }

  /** Aborts every delivery under way and waits for the queues to settle. */
  async close(): Promise<void> {
    this.controller.abort();
    for (const entry of this.timers) {
      clearTimeout(entry.timer);
      entry.resolve();
    }
    await Promise.allSettled([...this.queues.values()]);
  }

  private async deliver(message: Message, record: DeliveryRecord, stillWanted: () => boolean): Promise<void> {
    for (let attempt = 0; attempt < this.settings.maxAttempts; attempt++) {
      if (this.controller.signal.aborted || !stillWanted()) {
        record.outcome = "dropped";
        return;
      }
      if (attempt > 0) {
        await this.pause(this.settings.retryBaseMs * 2 ** (attempt - 1));
        if (this.controller.signal.aborted || !stillWanted()) {
          record.outcome = "dropped";
          return;
        }
      }
      const result = await this.post(message);
      record.attempts.push("status" in result ? result.status : result.error);
      if ("status" in result && DELIVERED_STATUSES.has(result.status)) {
        record.outcome = "delivered";
        return;
      }
      if (!("status" in result && RETRIED_STATUSES.has(result.status))) break;
    }
    record.outcome = "failed";
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.timers.add(entry);
    });
  }

  private post(message: Message): Promise<AttemptResult> {
    const payload = message.body === undefined ? undefined : JSON.stringify(message.body);
    return new Promise((resolve) => {
      let request;
      try {
        request = https.request(message.address, {
          method: "POST",
          ca: this.ca,
          agent: false,
          timeout: this.settings.timeoutMs,
          signal: this.controller.signal,
          headers: {
            ...message.headers,
            ...(payload !== undefined
              ? { "Content-Type": "application/json; charset=UTF-8", "Content-Length": String(Buffer.byteLength(payload)) }
              : { "Content-Length": "0" }),
          },
        });
      } catch (error) {
        resolve({ error: error instanceof Error ? error.message : String(error) });
        return;
      }
      request.on("response", (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", () => resolve({ status: response.statusCode ?? 0 }));
      });
      request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
      request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      request.end(payload);
    });
  }
}
