/** Starts the emulator in the test process and drives its internal endpoints. */
import { createEmulator, type EmulatorOptions } from "../../emulator/server";
import type { RequestStats } from "../../emulator/recorder";
import type { SpeedSettings } from "../../emulator/speed";
import { failOnViolations, fileLedger, writeCounts } from "./contractLedger";

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** As the emulator read it: a parameter sent several times (a repeated field) as the list of its values. */
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  readonly body: unknown;
  readonly status: number;
  /** `"<METHOD> <route pattern>"`, e.g. `"GET /dns/v1/projects/:project/managedZones/:managedZone/rrsets"`. */
  readonly route?: string;
  /** The headers the API records: `if-match` sent, `etag` answered (calendar). */
  readonly headers?: Record<string, string>;
}

export interface FaultSettings {
  rate429?: number;
  rate5xx?: number;
  status5xx?: 500 | 502 | 503;
  retryAfterSeconds?: number;
  pathPrefix?: string;
  methods?: string[];
  lostResponseRate?: number;
  brokenResponseRate?: number;
  brokenResponseKinds?: Array<"brokenJson" | "html200" | "html502" | "cutBody" | "wrongShape" | "empty200">;
  staleEtagRate?: number;
  refusedRate?: number;
  refusedReason?: string;
  perRequest?: number;
  seed?: number;
  count?: number;
}

export interface RunningEmulator {
  readonly url: string;
  readonly token: string;
  requests(filter?: { method?: string; pathPrefix?: string }): Promise<RecordedRequest[]>;
  stats(): Promise<RequestStats>;
  objects(): Promise<Record<string, unknown>>;
  reset(): Promise<void>;
  faults(settings: FaultSettings): Promise<void>;
  clearFaults(): Promise<void>;
  /** `/_emulator/speed`: replaces the speed settings (`{ changePropagationMs }`: how long a write stays pending); none given: back to the start settings. */
  speed(settings?: SpeedSettings): Promise<void>;
  /** An authenticated call to a Google-style API (Bearer), as a user would make out of band. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** An authenticated call to the CI API (Ci-Token header). */
  ciApi(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** `options` adds to the emulator's (a CA to trust, an API's own options); the token is always accepted. */
export async function startEmulator(token = "test-token-4f1c2b", options: EmulatorOptions = {}): Promise<RunningEmulator> {
  // Every request and answer is held to Google's contracts; a file with a violation fails (contractLedger.ts).
  const emulator = createEmulator({ contracts: fileLedger(), ...options, tokens: [token, ...(options.tokens ?? [])] });
  const url = await emulator.listen(0, "127.0.0.1");

  async function call(method: string, path: string, body?: unknown, auth?: "bearer" | "ci"): Promise<{ status: number; body: unknown }> {
    const response = await sendOnce(method, path, body, auth).catch((error: unknown) => {
      // A test that blocked the event loop (a synchronous npm install) finds its kept-alive socket
      // closed by the server's idle timer: the request never reached the emulator, so it is sent again
      // on a new connection, as Node's own http clients do for a reused socket.
      if (!isResetSocket(error)) throw error;
      return sendOnce(method, path, body, auth);
    });
    const text = await response.text();
    return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
  }

  function sendOnce(method: string, path: string, body: unknown, auth?: "bearer" | "ci"): Promise<Response> {
    return fetch(`${url}${path}`, {
      method,
      headers: {
        Accept: "application/json",
        ...(body !== undefined && { "Content-Type": "application/json" }),
        ...(auth === "bearer" && { Authorization: `Bearer ${token}` }),
        ...(auth === "ci" && { "Ci-Token": token }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  }

  async function internal<T>(method: string, path: string, body?: unknown): Promise<T> {
    const { status, body: result } = await call(method, path, body);
    if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(result)}`);
    return result as T;
  }

  return {
    url,
    token,
    async requests(filter = {}) {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, value);
      const result = await internal<{ requests: RecordedRequest[] }>("GET", `/_emulator/requests?${query.toString()}`);
      return result.requests;
    },
    stats: () => internal("GET", "/_emulator/stats"),
    objects: () => internal("GET", "/_emulator/objects"),
    reset: async () => {
      await internal("POST", "/_emulator/reset");
    },
    faults: async (settings) => {
      await internal("POST", "/_emulator/faults", settings);
    },
    clearFaults: async () => {
      await internal("DELETE", "/_emulator/faults");
    },
    speed: async (settings) => {
      await (settings === undefined ? internal("DELETE", "/_emulator/speed") : internal("POST", "/_emulator/speed", settings));
    },
    api: (method, path, body) => call(method, path, body, "bearer"),
    ciApi: (method, path, body) => call(method, path, body, "ci"),
    close: async () => {
      await emulator.close();
      writeCounts();
      failOnViolations();
    },
  };
}

function isResetSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === "ECONNRESET" || cause?.code === "UND_ERR_SOCKET";
}
