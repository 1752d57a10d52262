/**
 * Fault injection for API requests, configured through `/_emulator/faults`.
 *
 * Two independent draws per matching request: the first picks a 429 or a
 * 5xx answered before the request is processed; the second picks a "lost
 * response" (the request is processed, then the client sees a 503), which is
 * what exposes clients that blindly repeat a non-idempotent POST instead of
 * reading back what happened. Both draws are always taken, so with a `seed`
 * the sequence of faults depends only on the sequence of matching requests.
 */
import { z } from 'zod';
import type { FaultKind } from './recorder';

const rate = z.number().min(0).max(1);

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
  seed: z.int().optional(),
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
  seed: number | null;
}

export type FaultDecision =
  | { kind: Extract<FaultKind, 'rateLimited'>; retryAfterSeconds: number }
  | { kind: Extract<FaultKind, 'serverError'>; status: 500 | 502 | 503 }
  | { kind: Extract<FaultKind, 'lostResponse'> };

export class FaultInjector {
  private config: FaultConfig | null = null;
  private random: () => number = Math.random;

  configure(input: FaultConfigInput): FaultConfig {
    const config: FaultConfig = {
      rate429: input.rate429 ?? 0,
      rate5xx: input.rate5xx ?? 0,
      status5xx: input.status5xx ?? 503,
      retryAfterSeconds: input.retryAfterSeconds ?? 1,
      pathPrefix: input.pathPrefix ?? '',
      methods: input.methods ? input.methods.map((method) => method.toUpperCase()) : null,
      lostResponseRate: input.lostResponseRate ?? 0,
      seed: input.seed ?? null,
    };
    this.config = config;
    this.random = config.seed === null ? Math.random : seededRandom(config.seed);
    return config;
  }

  current(): FaultConfig | null {
    return this.config;
  }

  clear(): void {
    this.config = null;
    this.random = Math.random;
  }

  /** Decides the fate of one API request; `null` means serve it normally. */
  decide(method: string, path: string): FaultDecision | null {
    const config = this.config;
    if (config === null) return null;
    if (!path.startsWith(config.pathPrefix)) return null;
    if (config.methods !== null && !config.methods.includes(method.toUpperCase())) return null;
    const beforeProcessing = this.random();
    const afterProcessing = this.random();
    if (beforeProcessing < config.rate429) return { kind: 'rateLimited', retryAfterSeconds: config.retryAfterSeconds };
    if (beforeProcessing < config.rate429 + config.rate5xx) return { kind: 'serverError', status: config.status5xx };
    if (afterProcessing < config.lostResponseRate) return { kind: 'lostResponse' };
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
