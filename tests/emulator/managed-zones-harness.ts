/** The managed-zone tests' shared set-up. */
import type { ManagedZone, ResourceRecordSet } from "../../emulator/apis/dns/resources";
import type { TestEmulator } from "./helpers";
import { startEmulator } from "./helpers";

export interface ZoneList {
  kind: string;
  managedZones: ManagedZone[];
  nextPageToken?: string;
}

export interface RecordSetList {
  kind: string;
  rrsets: ResourceRecordSet[];
}

export let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
});
