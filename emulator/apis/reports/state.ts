/**
 * The reports API's store: the audit trail (seeded, growing as activities
 * are added) and the push-notification channels on it. A reset restores the
 * seeded trail and drops every channel.
 */
import { z } from "zod";
import type { ChannelRegistry } from "../../channels/registry";
import { channelSnapshotSchema } from "../../channels/registry";
import { parseSnapshot, wireObject } from "../../persistence/snapshot-schema";
import type { ApiStore } from "../../store";
import type { Activity, Filter, StoredActivity } from "./activities";
import { seedActivities } from "./seed";

/** What a reports channel watches: the list it would read. */
export interface ReportsTopic {
  userKey: string;
  applicationName: string;
  eventName?: string;
  filters: Filter[];
}

const reportsSnapshotSchema = z.object({
  activities: z.array(z.object({ sequence: z.int(), activity: wireObject<Activity>() })),
  nextSequence: z.int().min(0),
  channels: z.array(channelSnapshotSchema(wireObject<ReportsTopic>())),
});

export class ReportsStore implements ApiStore {
  activities: StoredActivity[] = [];
  private nextSequence = 0;
  private channelRegistry: ChannelRegistry<ReportsTopic> | undefined;
  private seedCount = 0;
  private now: () => Date = () => new Date();

  /** Set once at mount: the seed and the registry need the options, the clock and the delivery settings. */
  attach(setup: { registry: ChannelRegistry<ReportsTopic>; seedCount: number; now: () => Date }): void {
    this.channelRegistry = setup.registry;
    this.seedCount = setup.seedCount;
    this.now = setup.now;
    this.reset();
  }

  get channels(): ChannelRegistry<ReportsTopic> {
    if (this.channelRegistry === undefined) throw new Error("the reports store is used before its API was mounted");
    return this.channelRegistry;
  }

  add(build: (sequence: number) => Activity): StoredActivity {
    const stored = { sequence: this.nextSequence, activity: build(this.nextSequence) };
    this.nextSequence += 1;
    this.activities.push(stored);
    return stored;
  }

  reset(): void {
    this.activities = [];
    this.nextSequence = 0;
    for (const activity of seedActivities(this.seedCount, this.now())) this.add(() => activity);
    this.channelRegistry?.reset();
  }

  /** The trail as it grew (the seed included: its times were taken at the first start) and the live channels. */
  snapshot(): unknown {
    return { activities: this.activities, nextSequence: this.nextSequence, channels: this.channels.snapshot() };
  }

  restore(snapshot: unknown): void {
    const data = parseSnapshot(reportsSnapshotSchema, snapshot, "reports");
    this.activities = data.activities;
    this.nextSequence = data.nextSequence;
    this.channels.restore(data.channels);
  }

  userObjects(): Record<string, unknown[]> {
    return { channels: this.channelRegistry?.channels() ?? [] };
  }
}
