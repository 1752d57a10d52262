/** The quota API's store: quota preferences by name, and the projects' own adjuster settings. */
import { createHash } from "node:crypto";
import type { ApiStore } from "../../store";
import type { Enablement } from "./seed";
import { quotasSnapshot, restoreQuotas } from "./snapshot";

export interface StoredPreference {
  /** `{parent}/locations/global/quotaPreferences/{id}`. */
  readonly name: string;
  /** `{kind}/{id}/locations/global`. */
  readonly parent: string;
  readonly service: string;
  readonly quotaId: string;
  readonly dimensions: Readonly<Record<string, string>>;
  preferredValue: bigint;
  grantedValue: bigint;
  annotations: Record<string, string>;
  justification: string;
  /** Input-only: kept, never answered. */
  contactEmail: string;
  stateDetail: string;
  traceId: string;
  /** While set, an increase is being decided; it is granted (up to the ceiling) at this time. */
  decideAt: number | undefined;
  etag: string;
  readonly createTime: Date;
  updateTime: Date;
  readonly sequence: number;
}

export interface StoredAdjusterSettings {
  enablement: Enablement;
  etag: string;
  updateTime: Date;
}

export class QuotasStore implements ApiStore {
  readonly preferences = new Map<string, StoredPreference>();
  /** Only projects that set their own (`inherited: false`); the others inherit. */
  readonly adjusterSettings = new Map<string, StoredAdjusterSettings>();
  /** Update times of settings that went back to inheriting, so their etag and time still move. */
  readonly inheritedSince = new Map<string, Date>();
  private counter = 0;

  next(): number {
    return ++this.counter;
  }

  /** A fresh etag: a weak validator that changes on every write, as the service's does. */
  etag(seed: string): string {
    return `W/"${createHash("sha256").update(`${seed}/${this.next()}`).digest("base64url").slice(0, 22)}"`;
  }

  reset(): void {
    this.preferences.clear();
    this.adjusterSettings.clear();
    this.inheritedSince.clear();
    this.counter = 0;
  }

  snapshot(): unknown {
    return quotasSnapshot(this, this.counter);
  }

  restore(snapshot: unknown): void {
    this.reset();
    this.counter = restoreQuotas(this, snapshot);
  }

  userObjects(): Record<string, unknown[]> {
    return {
      quotaPreferences: [...this.preferences.values()].map((preference) => ({
        name: preference.name,
        service: preference.service,
        quotaId: preference.quotaId,
        preferredValue: preference.preferredValue.toString(),
      })),
      quotaAdjusterSettings: [...this.adjusterSettings.entries()].map(([name, settings]) => ({ name, enablement: settings.enablement })),
    };
  }
}
