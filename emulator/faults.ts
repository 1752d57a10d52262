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
  seed: number | null;
  /** How many more faults before the configuration clears itself; present only when `count` was given. */
  remaining?: number;
}

export type FaultDecision =
  | { kind: Extract<FaultKind, "rateLimited">; retryAfterSeconds: number }
  | { kind: Extract<FaultKind, "serverError">; status: 500 | 502 | 503 }
  | { kind: Extract<FaultKind, "lostResponse"> }
  | { kind: Extract<FaultKind, "brokenResponse">; broken: BrokenResponseKind };

export class FaultInjector {
  private config: FaultConfig | null = null;
  private random: () => number = Math.random;

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
      seed: input.seed ?? null,
      ...(input.count !== undefined && { remaining: input.count }),
    };
    this.config = config;
    this.random = config.seed === null ? Math.random : seededRandom(config.seed);
    return config;
  }

  current(): FaultConfig | null {
    return this.config === null ? null : { ...this.config };
  }

  clear(): void {
    this.config = null;
    this.random = Math.random;
  }

  /** Decides the fate of one API request; `null` means serve it normally. */
  decide(method: string, path: string): FaultDecision | null {
    const decision = this.draw(method, path);
    const config = this.config;
    if (decision !== null && config?.remaining !== undefined) {
      config.remaining -= 1;
      if (config.remaining <= 0) this.clear();
    }
    return decision;
  }

  private draw(method: string, path: string): FaultDecision | null {
    const config = this.config;
    if (config === null) return null;
    if (!path.startsWith(config.pathPrefix)) return null;
    if (config.methods !== null && !config.methods.includes(method.toUpperCase())) return null;
    const beforeProcessing = this.random();
    const afterProcessing = this.random();
    const brokenRate = config.brokenResponseRate ?? 0;
    const broken = brokenRate > 0 ? this.random() : 1;
    if (beforeProcessing < config.rate429) return { kind: "rateLimited", retryAfterSeconds: config.retryAfterSeconds };
    if (beforeProcessing < config.rate429 + config.rate5xx) return { kind: "serverError", status: config.status5xx };
    if (afterProcessing < config.lostResponseRate) return { kind: "lostResponse" };
    if (broken < brokenRate) {
      const kinds = config.brokenResponseKinds ?? BROKEN_RESPONSE_KINDS;
      // The same draw, scaled, picks the kind: no extra draw, so the sequence stays reproducible.
      const pick = kinds[Math.min(kinds.length - 1, Math.floor((broken / brokenRate) * kinds.length))];
      if (pick !== undefined) return { kind: "brokenResponse", broken: pick };
    }
    return null;
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
