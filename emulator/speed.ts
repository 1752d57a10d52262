/**
 * How fast the emulated services are: a latency added to every API request (with an optional
 * jitter), and how long a write takes to propagate (a DNS change or zone operation stays
 * `pending`, a quota increase `reconciling`). By default the emulator answers at once and
 * propagates in the APIs' own short delays; real services take 50-150 ms a request and seconds
 * to propagate, which is where a client's batching, waiting and timeouts show. Set at start
 * (`--latency 100±20`, `--change-propagation 2000`, `createEmulator({ speed })`) and at run time,
 * for every API or one (`POST /_emulator/speed`).
 */
import { z } from "zod";

const MAX_LATENCY_MS = 600_000;
const MAX_PROPAGATION_MS = 3_600_000;

const speedFields = {
  /** Added to every request of the API before it is handled. */
  latencyMs: z.int().min(0).max(MAX_LATENCY_MS).optional(),
  /** Each request's latency is drawn evenly from latencyMs ± jitterMs (never below 0). */
  jitterMs: z.int().min(0).max(MAX_LATENCY_MS).optional(),
  /** How long a write stays pending (DNS changes and zone operations) or reconciling (quota increases). */
  changePropagationMs: z.int().min(0).max(MAX_PROPAGATION_MS).optional(),
};

export const speedSchema = z.strictObject({
  ...speedFields,
  /** Per API (by its name: `dns`, `quotas`, ...), over the settings above. */
  apis: z.record(z.string(), z.strictObject(speedFields)).optional(),
});
export type SpeedSettings = z.infer<typeof speedSchema>;

export class ServiceSpeed {
  private settings: SpeedSettings;

  /** `initial` is what `reset` goes back to; `apiNames` are the APIs `apis` may name. */
  constructor(
    private readonly initial: SpeedSettings,
    private readonly apiNames: readonly string[],
    private readonly random: () => number = Math.random,
  ) {
    this.settings = this.checked(initial);
  }

  /** Replaces the settings; an API that is not served is refused. */
  configure(settings: SpeedSettings): SpeedSettings {
    this.settings = this.checked(settings);
    return this.current();
  }

  current(): SpeedSettings {
    return structuredClone(this.settings);
  }

  /** Back to the settings the emulator started with. */
  reset(): void {
    this.settings = this.checked(this.initial);
  }

  /** The latency of one request of `api`, drawn within its jitter. */
  latencyMs(api: string): number {
    const latency = this.setting(api, "latencyMs") ?? 0;
    const jitter = this.setting(api, "jitterMs") ?? 0;
    if (jitter === 0) return latency;
    return Math.max(0, Math.round(latency - jitter + this.random() * 2 * jitter));
  }

  /** How long a write of `api` propagates, or undefined for the API's own default. */
  propagationMs(api: string): number | undefined {
    return this.setting(api, "changePropagationMs");
  }

  private setting(api: string, name: keyof typeof speedFields): number | undefined {
    return this.settings.apis?.[api]?.[name] ?? this.settings[name];
  }

  private checked(settings: SpeedSettings): SpeedSettings {
    const unknown = Object.keys(settings.apis ?? {}).filter((name) => !this.apiNames.includes(name));
    if (unknown.length > 0) {
      throw new SpeedSettingsError(`speed.apis names ${unknown.join(", ")}, which this emulator does not serve; it serves ${this.apiNames.join(", ")}`);
    }
    return structuredClone(settings);
  }
}

export class SpeedSettingsError extends Error {}

/** `--latency <ms>[±<jitter>]` (also written `<ms>+-<jitter>`). */
export function parseLatency(raw: string): { latencyMs: number; jitterMs?: number } | undefined {
  const match = /^(\d+)(?:(?:±|\+-)(\d+))?$/.exec(raw.trim());
  if (match === null) return undefined;
  const latencyMs = Number(match[1]);
  const jitterMs = match[2] === undefined ? undefined : Number(match[2]);
  if (latencyMs > MAX_LATENCY_MS || (jitterMs ?? 0) > MAX_LATENCY_MS) return undefined;
  return { latencyMs, ...(jitterMs !== undefined && { jitterMs }) };
}

export { MAX_PROPAGATION_MS };
