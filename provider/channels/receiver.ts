/**
 * The receiving end of a push-notification channel, shared by every API's
 * handler (`svc.reports.notificationHandler`, the calendar's next): a Node
 * `(req, res)` handler for the channel's address that
 *
 * - checks `X-Svc-Channel-Token` against the expected token in constant time
 *   and answers 401 on a mismatch without reading the body;
 * - treats `sync` (message 1) as initialisation (`onSync`);
 * - parses the body, when there is one, with the API's parser (400 if it does
 *   not parse: not retried, the service counts it as failed);
 * - drops repeats by channel and message number (a retry of a message whose
 *   callback is still running waits for that run);
 * - answers 200 only after the callback resolved, and 500 when it throws, so
 *   the service retries (it retries 500, 502, 503 and 504 with backoff).
 *
 * Works with `http`/`https` servers and express as is; with fastify, hand it
 * the raw request and reply (`reply.hijack()`), the parsed body as `body`.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** What every notification says about itself, from its `X-Svc-*` headers. */
export interface ChannelMessage {
  channelId: string;
  /** 1 for the sync message; increasing, with gaps, after it. */
  messageNumber: number;
  resourceId: string;
  resourceUri: string;
  /** `sync`, or the change (for reports, the event name). */
  resourceState: string;
  /** When the channel ends (as the header says it), when it expires. */
  expiration?: string;
}

export interface ReceiverOptions<Body> {
  /** The channel's token; every notification must carry it. */
  token: string;
  /** The body of a notification, parsed and checked; throws when it is not what the API sends. */
  parseBody: (json: unknown) => Body;
  onNotification: (message: ChannelMessage & { body?: Body }) => unknown;
  onSync?: (message: ChannelMessage) => unknown;
  /** Message numbers remembered per channel for dropping repeats (default 10,000). */
  remember?: number;
}

/** A request as express and fastify hand it over: maybe with its body already read. */
export type ReceivedRequest = IncomingMessage & { body?: unknown };

const MAX_BODY_BYTES = 10 * 1024 * 1024;

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/** Equal strings, compared in constant time (over fixed-length digests, so length leaks nothing either). */
function sameSecret(given: string | undefined, expected: Buffer): boolean {
  return timingSafeEqual(digest(given ?? ""), expected) && given !== undefined;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function messageOf(request: IncomingMessage): ChannelMessage | undefined {
  const channelId = header(request, "x-svc-channel-id");
  const number = header(request, "x-svc-message-number");
  const resourceId = header(request, "x-svc-resource-id");
  const resourceState = header(request, "x-svc-resource-state");
  const resourceUri = header(request, "x-svc-resource-uri") ?? "";
  if (channelId === undefined || number === undefined || !/^\d+$/.test(number) || resourceId === undefined || resourceState === undefined) return undefined;
  const expiration = header(request, "x-svc-channel-expiration");
  return { channelId, messageNumber: Number(number), resourceId, resourceUri, resourceState, ...(expiration !== undefined && { expiration }) };
}

async function readBody(request: ReceivedRequest): Promise<unknown> {
  if (request.body !== undefined) {
    const given = request.body;
    if (Buffer.isBuffer(given)) return given.length === 0 ? undefined : (JSON.parse(given.toString("utf8")) as unknown);
    if (typeof given === "string") return given === "" ? undefined : (JSON.parse(given) as unknown);
    // A framework's parser left an empty object for an empty body.
    return typeof given === "object" && given !== null && Object.keys(given).length === 0 ? undefined : given;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

function answer(response: ServerResponse, status: number): void {
  response.statusCode = status;
  response.end();
}

export function channelReceiver<Body>(options: ReceiverOptions<Body>): (request: ReceivedRequest, response: ServerResponse) => void {
  if (typeof options.token !== "string" || options.token === "") throw new Error("notificationHandler: token must be the channel's token (a non-empty string)");
  const expected = digest(options.token);
  const remember = options.remember ?? 10_000;
  const done = new Map<string, Set<number>>();
  const running = new Map<string, Promise<void>>();

  const markDone = (message: ChannelMessage): void => {
    let numbers = done.get(message.channelId);
    if (numbers === undefined) done.set(message.channelId, (numbers = new Set()));
    numbers.add(message.messageNumber);
    if (numbers.size > remember) numbers.delete(numbers.values().next().value as number);
  };

  const handle = async (request: ReceivedRequest, response: ServerResponse): Promise<void> => {
    if (request.method !== "POST") {
      response.setHeader("Allow", "POST");
      answer(response, 405);
      return;
    }
    if (!sameSecret(header(request, "x-svc-channel-token"), expected)) {
      // Not the channel's sender: the body is neither read nor parsed.
      request.resume();
      answer(response, 401);
      return;
    }
    const message = messageOf(request);
    if (message === undefined) {
      request.resume();
      answer(response, 400);
      return;
    }
    const key = `${message.channelId}#${message.messageNumber}`;
    if (done.get(message.channelId)?.has(message.messageNumber) === true) {
      request.resume();
      answer(response, 200);
      return;
    }
    const inFlight = running.get(key);
    if (inFlight !== undefined) {
      request.resume();
      await inFlight.then(
        () => answer(response, 200),
        () => answer(response, 500),
      );
      return;
    }
    let body: Body | undefined;
    try {
      const json = await readBody(request);
      body = json === undefined ? undefined : options.parseBody(json);
    } catch {
      answer(response, 400);
      return;
    }
    const run = (async () => {
      if (message.resourceState === "sync") await options.onSync?.(message);
      else await options.onNotification({ ...message, ...(body !== undefined && { body }) });
    })();
    running.set(key, run);
    try {
      await run;
      markDone(message);
      answer(response, 200);
    } catch {
      // The service retries a 500 with backoff: the callback gets the message again.
      answer(response, 500);
    } finally {
      running.delete(key);
    }
  };

  return (request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) answer(response, 500);
    });
  };
}
