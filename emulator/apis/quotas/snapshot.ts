/**
 * Cloud Quotas' state as a snapshot (`--data-dir`): the preferences (an increase still being
 * decided keeps the time it is decided at, so it is granted on time after a restart), the
 * projects' own adjuster settings, when settings went back to inheriting, and the etag counter.
 */
import { z } from "zod";
import { bigintString, isoDate, parseSnapshot } from "../../persistence/snapshot-schema";
import { ENABLEMENT_VALUES } from "./seed";
import type { QuotasStore, StoredAdjusterSettings, StoredPreference } from "./state";

const preferenceSnapshot = z.object({
  name: z.string(),
  parent: z.string(),
  service: z.string(),
  quotaId: z.string(),
  dimensions: z.record(z.string(), z.string()),
  preferredValue: bigintString,
  grantedValue: bigintString,
  annotations: z.record(z.string(), z.string()),
  justification: z.string(),
  contactEmail: z.string(),
  stateDetail: z.string(),
  traceId: z.string(),
  decideAt: z.number().optional(),
  etag: z.string(),
  createTime: isoDate,
  updateTime: isoDate,
  sequence: z.int(),
});

const quotasSnapshotSchema = z.object({
  counter: z.int().min(0),
  preferences: z.array(preferenceSnapshot),
  adjusterSettings: z.array(z.object({ name: z.string(), enablement: z.enum(ENABLEMENT_VALUES), etag: z.string(), updateTime: isoDate })),
  inheritedSince: z.array(z.object({ name: z.string(), since: isoDate })),
});
type QuotasSnapshot = z.input<typeof quotasSnapshotSchema>;

export function quotasSnapshot(store: QuotasStore, counter: number): QuotasSnapshot {
  return {
    counter,
    preferences: [...store.preferences.values()].map((preference) => ({
      ...preference,
      preferredValue: preference.preferredValue.toString(),
      grantedValue: preference.grantedValue.toString(),
      createTime: preference.createTime.toISOString(),
      updateTime: preference.updateTime.toISOString(),
    })),
    adjusterSettings: [...store.adjusterSettings].map(([name, settings]) => ({ name, ...settings, updateTime: settings.updateTime.toISOString() })),
    inheritedSince: [...store.inheritedSince].map(([name, since]) => ({ name, since: since.toISOString() })),
  };
}

/** Fills an emptied store; returns the etag counter to go on from. */
export function restoreQuotas(store: QuotasStore, snapshot: unknown): number {
  const data = parseSnapshot(quotasSnapshotSchema, snapshot, "quotas");
  for (const saved of data.preferences) {
    const { decideAt, ...rest } = saved;
    const preference: StoredPreference = { ...rest, decideAt };
    store.preferences.set(preference.name, preference);
  }
  for (const { name, ...settings } of data.adjusterSettings) {
    const stored: StoredAdjusterSettings = settings;
    store.adjusterSettings.set(name, stored);
  }
  for (const { name, since } of data.inheritedSince) store.inheritedSince.set(name, since);
  return data.counter;
}
