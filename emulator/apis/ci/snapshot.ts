/**
 * The CI API's state as a snapshot (`--data-dir`): every project of the catalogue with its jobs
 * (triggered, retried and canceled ones included), checkout keys (public halves: the emulator
 * never keeps a private key), SSH keys (hostname and fingerprints), the follows, and the sequence
 * of recent builds. The throttle's windows are not kept.
 */
import { z } from "zod";
import { parseSnapshot, wireObject } from "../../persistence/snapshot-schema";
import type { CheckoutKeyRecord, JobRecord, Project, SshKeyRecord } from "./resources";
import type { ProjectEntry } from "./state";

export const ciSnapshotSchema = z.object({
  projects: z.array(
    z.object({
      project: wireObject<Project>(),
      jobs: z.array(wireObject<JobRecord>()),
      checkoutKeys: z.array(wireObject<CheckoutKeyRecord>()),
      sshKeys: z.array(wireObject<SshKeyRecord>()),
      firstBuildCreated: z.boolean(),
    }),
  ),
  follows: z.array(z.object({ login: z.string(), projects: z.array(z.string()) })),
  lastSequence: z.int().min(0),
});
export type CiSnapshot = z.infer<typeof ciSnapshotSchema>;

export function parseCiSnapshot(snapshot: unknown): CiSnapshot & { projects: ProjectEntry[] } {
  return parseSnapshot(ciSnapshotSchema, snapshot, "ci");
}
