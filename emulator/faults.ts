/**
 * Fault injection for API requests, configured through `/_emulator/faults`.
 *
 * Two independent draws per matching request: the first picks a 429 or a
 * 5xx answered before the request is processed; the second picks a "lost
 * response" (the request is processed, then the client sees a 503), which is
 * what exposes clients that blindly repeat a non-idempotent POST instead of
 * reading back what happened. Both draws are always taken, so with a `seed`
 * the sequence of faults depends only on the sequence of matching requests.
 *
 * A third draw, taken only when `brokenResponseRate` is set (so seeded
 * sequences without it stay as they were), picks a "broken response": the
 * request is processed, then the answer is mangled the way a misbehaving proxy
 * does it — broken JSON, an HTML error page (200 or 502), a body cut off short
 * of its declared Content-Length, a 200 of the wrong shape, or an empty 200.
 *
 * Two refusals drive a client's write loops, each drawn only when its rate is
 * set, and answered before the request is processed: a write that names an
 * etag refused as stale (what another writer's change in between makes the
 * service answer), and a write refused as invalid (a joint change the service
 * refuses as a whole, which its client splits to find the culprit).
 *
 * With `perRequest`, only each distinct request's first sends in a row may be
 * faulted: the storm a client meets when every request fails all but its last
 * allowed attempt. A request is told apart by its method, path, query and body,
 * so the decision is taken once the body is read.
 */
import { z } from "zod";
import type { FaultKind } from "./recorder";

const rate = z.number().min(0).max(1);

/**
 * `brokenJson`: the real body cut in half, sent complete (valid HTTP, invalid JSON).
 * `html200` / `html502`: a proxy's HTML error page with status 200 or 502.
 * `cutBody`: the real status, a Content-Length for the whole body, half of it, then the connection closes.
 * `wrongShape`: 200 with JSON of another shape (the real body wrapped in `{"data": ...}`).
 * `empty200`: 200 with an empty body.
 */
export const BROKEN_RESPONSE_KINDS = ["brokenJson", "html200", "html502", "cutBody", "wrongShape", "empty200"] as const;
export type BrokenResponseKind = (typeof BROKEN_RESPONSE_KINDS)[number];

export const faultConfigSchema = z.strictObject({
  rate429: rate.optional(),
  rate5xx: rate.optional(),
  status5xx: z.union([z.literal(500), z.literal(502), z.literal(503)]).optional(),
  retryAfterSeconds: z.int().min(0).optional(),
  /** Only requests whose path starts with this are faulted. */
  pathPrefix: z.string().optional(),
  /** Only these methods are faulted (case-insensitive). */
  methods: z.array(z.string().min(1)).optional(),
  lostResponseRate: rate.optional(),
  /** Share of requests processed, then answered with a broken response. */
  brokenResponseRate: rate.optional(),
  /** Which broken responses to pick from, evenly (default: all). */
  brokenResponseKinds: z.array(z.enum(BROKEN_RESPONSE_KINDS)).min(1).optional(),
  /** Share of writes naming an etag (`If-Match`, or `etag` in the body or its `policy`) refused as stale, unprocessed. */
  staleEtagRate: rate.optional(),
  /** Share of requests refused as invalid (400), unprocessed. */
  refusedRate: rate.optional(),
  /** The refusal's reason (default `invalid`): a service's own, as `containerNotEmpty`. */
  refusedReason: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/)
    .optional(),
  /** Each distinct request (method, path, query, body) may be faulted on its first this many sends in a row only; the next goes through, and the count starts over. */
  perRequest: z.int().min(1).optional(),
  seed: z.int().optional(),
  /** Only the next this many matching requests are faulted; then the configuration clears itself. */
  count: z.int().min(1).optional(),
});

export type FaultConfigInput = z.infer<typeof faultConfigSchema>;

/** The configuration in effect, with defaults filled in. */
export interface FaultConfig {
  rate429: number;
  rate5xx: number;
  status5xx: 500 | 502 | 503;
  retryAfterSeconds: number;
  pathPrefix: string;
  methods: string[] | null;
  lostResponseRate: number;
  /** Present only when configured, so the reported configuration of other setups keeps its shape. */
  brokenResponseRate?: number;
  brokenResponseKinds?: BrokenResponseKind[];
  staleEtagRate?: number;
  refusedRate?: number;
  refusedReason?: string;
  perRequest?: number;
  seed: number | null;
  /** How many more faults before the configuration clears itself; present only when `count` was given. */
  remaining?: number;
}

export type FaultDecision =
  | { kind: Extract<FaultKind, "rateLimited">; retryAfterSeconds: number }
  | { kind: Extract<FaultKind, "serverError">; status: 500 | 502 | 503 }
  | { kind: Extract<FaultKind, "lostResponse"> }
  | { kind: Extract<FaultKind, "brokenResponse">; broken: BrokenResponseKind }
  | { kind: Extract<FaultKind, "staleEtag">; status: 409 | 412 }
  | { kind: Extract<FaultKind, "refused">; reason: string };

/** One API request as the faults see it, its body read. */
export interface FaultedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: unknown;
  readonly body: unknown;
  /** Where it names an etag: its `If-Match` header, or its body (`etag`, `policy.etag`). */
  readonly etag?: "header" | "body";
}

/** Where a request names the etag it was read at, if it does. */
export function etagNamedBy(ifMatch: unknown, body: unknown): "header" | "body" | undefined {
  if (typeof ifMatch === "string" && ifMatch !== "" && ifMatch !== "*") return "header";
  const named = (value: unknown): boolean =>
    typeof value === "object" && value !== null && typeof (value as { etag?: unknown }).etag === "string" && (value as { etag: string }).etag !== "";
  return named(body) || named((body as { policy?: unknown } | null)?.policy) ? "body" : undefined;
}

export class FaultInjector {
  private config: FaultConfig | null = null;
  private random: () => number = Math.random;
  /** With `perRequest`: each distinct request's sends in a row so far. */
  private sends = new Map<string, number>();

  configure(input: FaultConfigInput): FaultConfig {
    const config: FaultConfig = {
      rate429: input.rate429 ?? 0,
      rate5xx: input.rate5xx ?? 0,
      status5xx: input.status5xx ?? 503,
      retryAfterSeconds: input.retryAfterSeconds ?? 1,
      pathPrefix: input.pathPrefix ?? "",
      methods: input.methods ? input.methods.map((method) => method.toUpperCase()) : null,
      lostResponseRate: input.lostResponseRate ?? 0,
      ...(input.brokenResponseRate !== undefined && {
        brokenResponseRate: input.brokenResponseRate,
        brokenResponseKinds: input.brokenResponseKinds ?? [...BROKEN_RESPONSE_KINDS],
      }),
      ...(input.staleEtagRate !== undefined && { staleEtagRate: input.staleEtagRate }),
      ...(input.refusedRate !== undefined && { refusedRate: input.refusedRate, refusedReason: input.refusedReason ?? "invalid" }),
      ...(input.perRequest !== undefined && { perRequest: input.perRequest }),
      seed: input.seed ?? null,
      ...(input.count !== undefined && { remaining: input.count }),
    };
    this.config = config;
    this.random = config.seed === null ? Math.random : seededRandom(config.seed);
    this.sends = new Map();
    return config;
  }

  current(): FaultConfig | null {
    return this.config === null ? null : { ...this.config };
  }

  clear(): void {
    this.config = null;
    this.random = Math.random;
    this.sends = new Map();
  }

  /** Decides the fate of one API request; `null` means serve it normally. */
  decide(request: FaultedRequest): FaultDecision | null {
    const decision = this.draw(request);
    const config = this.config;
    if (decision !== null && config?.remaining !== undefined) {
      config.remaining -= 1;
      if (config.remaining <= 0) this.clear();
    }
    return decision;
  }

  private draw(request: FaultedRequest): FaultDecision | null {
    const config = this.config;
    if (config === null) return null;
    const { method, path } = request;
    if (!path.startsWith(config.pathPrefix)) return null;
    if (config.methods !== null && !config.methods.includes(method.toUpperCase())) return null;
    if (config.perRequest !== undefined && !this.inFirstSends(request, config.perRequest)) return null;
    const beforeProcessing = this.random();
    const afterProcessing = this.random();
    const brokenRate = config.brokenResponseRate ?? 0;
    const broken = brokenRate > 0 ? this.random() : 1;
    // Drawn only when set, as the broken response's: seeded sequences without them stay as they were.
    const stale = config.staleEtagRate !== undefined ? this.random() : 1;
    const refused = config.refusedRate !== undefined ? this.random() : 1;
    if (beforeProcessing < config.rate429) return { kind: "rateLimited", retryAfterSeconds: config.retryAfterSeconds };
    if (beforeProcessing < config.rate429 + config.rate5xx) return { kind: "serverError", status: config.status5xx };
    if (request.etag !== undefined && method.toUpperCase() !== "GET" && stale < (config.staleEtagRate ?? 0)) {
      return { kind: "staleEtag", status: request.etag === "header" ? 412 : 409 };
    }
    if (refused < (config.refusedRate ?? 0)) return { kind: "refused", reason: config.refusedReason ?? "invalid" };
    if (afterProcessing < config.lostResponseRate) return { kind: "lostResponse" };
    if (broken < brokenRate) {
      const kinds = config.brokenResponseKinds ?? BROKEN_RESPONSE_KINDS;
      // The same draw, scaled, picks the kind: no extra draw, so the sequence stays reproducible.
      const pick = kinds[Math.min(kinds.length - 1, Math.floor((broken / brokenRate) * kinds.length))];
      if (pick !== undefined) return { kind: "brokenResponse", broken: pick };
    }
    return null;
  }

  /** Whether this send of the request is one of its first `first` in a row; past them it goes through once, and its count starts over. */
  private inFirstSends(request: FaultedRequest, first: number): boolean {
    const key = `${request.method.toUpperCase()} ${request.path} ${JSON.stringify(request.query ?? {})} ${JSON.stringify(request.body ?? null)}`;
    const sends = (this.sends.get(key) ?? 0) + 1;
    if (sends > first) {
      this.sends.delete(key);
      return false;
    }
    this.sends.set(key, sends);
    return true;
  }
}

/** mulberry32: small, fast, good enough to make fault sequences and seeded data reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
