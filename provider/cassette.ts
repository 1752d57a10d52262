/**
 * Record and replay of every HTTP exchange of the provider process, for the acceptance run
 * (tests/acceptance, docs/acceptance.md). Off unless `SVC_CASSETTE` names a cassette file and
 * `SVC_CASSETTE_MODE` is `record` or `replay`; then one interceptor (@mswjs/interceptors, a
 * development dependency loaded only then) sits under both HTTP stacks of the process: ky's
 * global `fetch` and google-auth-library's gaxios (node-fetch over `http.request`), so the API
 * calls and the token exchanges are caught alike, and nothing in the call path knows of it.
 *
 * Record passes each request through and appends the exchange, secrets scrubbed, to
 * `<cassette>.<pid>.part.json` (the run joins the parts). Replay answers each request from the
 * cassette (the first unused exchange whose method, URL and body, compared as JSON data, match)
 * and sends nothing; a request the cassette lacks is answered 400 naming it, and written to
 * `<cassette>.<pid>.misses.json`. Pauses are shortened in replay: the answers are all there, so
 * the replay gives the process's runtime a sleep that does not wait (its `sleep`, which the root,
 * provider/index.ts, passes in; no timer of the process is replaced); expirations in answers move by
 * how much later the replay runs, so a recorded channel never expires in a replay days later.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { setTimeout as realSleep } from "node:timers/promises";
import { isDeepStrictEqual } from "node:util";

export const SCRUBBED = "SCRUBBED";

/** Body and form fields that carry a credential, a key or a channel's token. */
const SECRET_NAMES: ReadonlySet<string> = new Set([
  "access_token",
  "accessToken",
  "id_token",
  "refresh_token",
  "private_key",
  "privateKey",
  "private_key_id",
  "client_secret",
  "assertion",
  "subject_token",
  "signedJwt",
  "token",
  "password",
]);
/** Query parameters that carry a credential (the CI token's query form, an API key). */
const SECRET_PARAMS: ReadonlySet<string> = new Set(["access_token", "circle-token", "key", "token"]);
/** Response headers kept; every request header is left out (Authorization, Circle-Token, ...). */
const KEPT_HEADERS = /^(content-type|retry-after|etag|location|x-ratelimit-[a-z-]+)$/i;
/** Longest pause in replay, in ms. */
const REPLAY_PAUSE_MS = 10;

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  /** JSON data, a form as an object of its fields, text, or null when empty. */
  readonly body: unknown;
}

export interface Interaction {
  readonly request: RecordedRequest;
  readonly response: { readonly status: number; readonly headers: Record<string, string>; readonly body: unknown };
}

export interface Cassette {
  /** When the provider process that recorded it started (ms), so times in bodies replay shifted by the same distance. */
  readonly recordedAt: number;
  readonly interactions: Interaction[];
}

/**
 * Strings requests showed as their credential (an Authorization header's token), scrubbed wherever
 * they occur: one set per installed cassette (the process's, held by its root), none by default.
 */
export type SeenSecrets = Set<string>;
const NONE_SEEN: ReadonlySet<string> = new Set();

function scrubString(value: string, seenSecrets: ReadonlySet<string>): string {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(value)) return SCRUBBED;
  let result = value;
  for (const secret of seenSecrets) result = result.split(secret).join(SCRUBBED);
  return result;
}

/** The value with every secret field, private key and seen credential replaced by `SCRUBBED`. */
export function scrub(value: unknown, seenSecrets: ReadonlySet<string> = NONE_SEEN): unknown {
  if (typeof value === "string") return scrubString(value, seenSecrets);
  if (Array.isArray(value)) return value.map((member) => scrub(member, seenSecrets));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key, SECRET_NAMES.has(key) && member !== "" ? SCRUBBED : scrub(member, seenSecrets)]),
    );
  }
  return value;
}

export function scrubUrl(raw: string, seenSecrets: ReadonlySet<string> = NONE_SEEN): string {
  const url = new URL(raw);
  for (const name of [...url.searchParams.keys()]) if (SECRET_PARAMS.has(name)) url.searchParams.set(name, SCRUBBED);
  return scrubString(url.toString(), seenSecrets);
}

/** A body as data: JSON parsed, a form as its fields, other text as is. */
export function bodyData(text: string, contentType: string | null): unknown {
  if (text === "") return null;
  if ((contentType ?? "").includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** How far apart a replayed time may be from the recorded one, after the shift of the clocks. */
const TIME_SLACK_MS = 10 * 60_000;

/** A time a request computed from the clock (an expiration): an ISO date-time or epoch milliseconds. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value === "string" && ISO_TIME.test(value)) return Date.parse(value);
  const number = typeof value === "number" ? value : typeof value === "string" && /^\d{13}$/.test(value) ? Number(value) : undefined;
  return number !== undefined && number > 1e12 && number < 1e13 ? number : undefined;
}

/**
 * Whether a live body is the recorded one, as data: equal, but for times, which may differ by how
 * much later the replay runs (`shiftMs`) give or take a few minutes.
 */
export function sameData(live: unknown, recorded: unknown, shiftMs: number): boolean {
  if (isDeepStrictEqual(live, recorded)) return true;
  const [liveTime, recordedTime] = [timeOf(live), timeOf(recorded)];
  if (liveTime !== undefined && recordedTime !== undefined) return Math.abs(liveTime - shiftMs - recordedTime) <= TIME_SLACK_MS;
  if (Array.isArray(live) && Array.isArray(recorded)) return live.length === recorded.length && live.every((item, i) => sameData(item, recorded[i], shiftMs));
  if (typeof live === "object" && live !== null && typeof recorded === "object" && recorded !== null && !Array.isArray(live) && !Array.isArray(recorded)) {
    const [a, b] = [live as Record<string, unknown>, recorded as Record<string, unknown>];
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameData(a[key], b[key], shiftMs));
  }
  return false;
}

/**
 * A recorded answer moved to the replay's clock: every expiration in it (a watch channel's, epoch
 * milliseconds) later by `shiftMs`, so a channel that had an hour left when recorded has an hour
 * left when replayed, whenever that is. Other times stay as recorded: they are the objects' own
 * (a zone's creationTime, an event's start), compared between operations, and do not run out.
 */
export function shiftExpirations(value: unknown, shiftMs: number, key = ""): unknown {
  if (Array.isArray(value)) return value.map((member) => shiftExpirations(member, shiftMs, key));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, shiftExpirations(member, shiftMs, name)]));
  const time = /^expiration$/i.test(key) ? timeOf(value) : undefined;
  if (time === undefined) return value;
  return typeof value === "number" ? time + shiftMs : String(time + shiftMs);
}

export function describeRequest(request: RecordedRequest): string {
  return `${request.method} ${request.url}${request.body === null ? "" : ` with body ${JSON.stringify(request.body).slice(0, 300)}`}`;
}

/** Notes the credential a request carries, so that it is scrubbed wherever an answer or a body repeats it. */
function noteCredential(headers: Headers, seenSecrets: SeenSecrets): void {
  for (const name of ["authorization", "circle-token", "x-goog-api-key"]) {
    const value = headers.get(name);
    if (value === null) continue;
    const credential = value.replace(/^(Bearer|Basic)\s+/i, "");
    if (credential.length >= 8 && credential !== SCRUBBED) seenSecrets.add(credential);
  }
}

async function requestOf(request: Request, seenSecrets: SeenSecrets): Promise<RecordedRequest> {
  noteCredential(request.headers, seenSecrets);
  const text = await request.clone().text();
  return {
    method: request.method,
    url: scrubUrl(request.url, seenSecrets),
    body: scrub(bodyData(text, request.headers.get("content-type")), seenSecrets),
  };
}

type Mode = "record" | "replay";

/** An installed cassette: what it has seen, kept by the process's root (provider/index.ts). */
export interface InstalledCassette {
  readonly file: string;
  readonly mode: Mode;
  readonly seenSecrets: SeenSecrets;
  /**
   * In replay, how the process waits (its runtime's `sleep`: backoffs, polls, the relay's and the
   * loops' pauses): the answers are all recorded, so no pause is longer than REPLAY_PAUSE_MS.
   */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Takes the interceptor out again (a test's; a process keeps it to its end). */
  readonly dispose: () => void;
}

/** A replay's pause: at most REPLAY_PAUSE_MS, whatever was asked. */
const replaySleep = (ms: number): Promise<void> => realSleep(Math.min(ms, REPLAY_PAUSE_MS));

/**
 * Installs the interceptor the environment asks for, once per process (its root calls it);
 * nothing when `SVC_CASSETTE` is unset.
 */
export function installCassetteFromEnv(env: NodeJS.ProcessEnv = process.env): InstalledCassette | undefined {
  const file = env["SVC_CASSETTE"];
  if (file === undefined || file === "") return undefined;
  const mode = env["SVC_CASSETTE_MODE"];
  if (mode !== "record" && mode !== "replay") throw new Error(`pulumi-svc: SVC_CASSETTE_MODE is ${JSON.stringify(mode)}; it must be "record" or "replay".`);
  const seenSecrets: SeenSecrets = new Set();
  const dispose = installCassette(file, mode, seenSecrets);
  return { file, mode, seenSecrets, ...(mode === "replay" && { sleep: replaySleep }), dispose };
}

/** Installs the interceptor; returns what takes it out. */
function installCassette(file: string, mode: Mode, seenSecrets: SeenSecrets): () => void {
  let interceptors: typeof import("@mswjs/interceptors");
  let clientRequest: typeof import("@mswjs/interceptors/ClientRequest");
  let fetchInterceptor: typeof import("@mswjs/interceptors/fetch");
  try {
    /* eslint-disable @typescript-eslint/no-require-imports -- a development dependency, loaded only in a cassette run */
    interceptors = require("@mswjs/interceptors") as typeof interceptors;
    clientRequest = require("@mswjs/interceptors/ClientRequest") as typeof clientRequest;
    fetchInterceptor = require("@mswjs/interceptors/fetch") as typeof fetchInterceptor;
    /* eslint-enable @typescript-eslint/no-require-imports */
  } catch (error) {
    throw new Error("pulumi-svc: SVC_CASSETTE needs @mswjs/interceptors, a development dependency: run the acceptance run from a clone (npm ci).", {
      cause: error,
    });
  }
  const interceptor = new interceptors.BatchInterceptor({
    name: "svc-cassette",
    interceptors: [new clientRequest.ClientRequestInterceptor(), new fetchInterceptor.FetchInterceptor()],
  });
  interceptor.apply();
  const startedAt = Date.now();
  if (mode === "record") {
    const part = `${file}.${process.pid}.part.json`;
    const cassette: Cassette = { recordedAt: startedAt, interactions: [] };
    const pending = new Map<string, Promise<RecordedRequest>>();
    interceptor.on("request", ({ request, requestId }) => {
      pending.set(requestId, requestOf(request, seenSecrets));
    });
    // The interceptor awaits its listeners (the body is read before the answer goes on).
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    interceptor.on("response", async ({ response, requestId }) => {
      const request = await pending.get(requestId);
      pending.delete(requestId);
      if (request === undefined) return;
      const text = await response.clone().text();
      const headers = Object.fromEntries([...response.headers].filter(([name]) => KEPT_HEADERS.test(name)));
      cassette.interactions.push({
        request,
        response: { status: response.status, headers, body: scrub(bodyData(text, response.headers.get("content-type")), seenSecrets) },
      });
      writeFileSync(part, `${JSON.stringify(cassette, null, 1)}\n`);
    });
    return () => interceptor.dispose();
  }
  const cassette = JSON.parse(readFileSync(file, "utf8")) as Cassette;
  const shiftMs = startedAt - cassette.recordedAt;
  const used = new Set<number>();
  const misses: string[] = [];
  // The interceptor awaits its listeners: the answer is chosen once the body is read.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  interceptor.on("request", async ({ request, controller }) => {
    const live = await requestOf(request, seenSecrets);
    const index = cassette.interactions.findIndex(
      (interaction, i) =>
        !used.has(i) &&
        interaction.request.method === live.method &&
        interaction.request.url === live.url &&
        sameData(live.body, interaction.request.body, shiftMs),
    );
    if (index < 0) {
      const message = `replay: the cassette ${file} has no answer for ${describeRequest(live)}`;
      misses.push(message);
      writeFileSync(`${file}.${process.pid}.misses.json`, `${JSON.stringify(misses, null, 1)}\n`);
      controller.respondWith(Response.json({ error: { code: 400, message, status: "FAILED_PRECONDITION" } }, { status: 400 }));
      return;
    }
    used.add(index);
    const { status, headers, body } = cassette.interactions[index]!.response;
    const text = body === null ? null : typeof body === "string" ? body : JSON.stringify(shiftExpirations(body, shiftMs));
    const replayed = new Headers(headers);
    if (replayed.has("retry-after")) replayed.set("retry-after", "0");
    controller.respondWith(new Response(status === 204 || status === 304 ? null : text, { status, headers: replayed }));
  });
  return () => interceptor.dispose();
}
