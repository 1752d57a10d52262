/**
 * The emulator's one in-memory store: one state container per API, reset
 * together. Everything lives in process memory; nothing is persisted.
 */
import { CiStore } from './apis/ci/state';
import { DnsStore } from './apis/dns/state';

/** What every API's state container offers the internal endpoints. */
export interface ApiStore {
  reset(): void;
  /**
   * Objects a client created and has not deleted, by collection, e.g.
   * `{ managedZones: [...], resourceRecordSets: [...] }`. Objects the server
   * creates on its own (Cloud DNS's apex SOA/NS) are left out so a test can
   * assert that it cleaned up after itself.
   */
  userObjects(): Record<string, unknown[]>;
}

export class EmulatorStore {
  readonly dns = new DnsStore();
  readonly ci = new CiStore();

  /** Keyed by the API's name, as `/_emulator/objects` reports them. */
  private get apiStores(): Record<string, ApiStore> {
    return { dns: this.dns, ci: this.ci };
  }

  reset(): void {
    for (const store of Object.values(this.apiStores)) store.reset();
  }

  userObjects(): Record<string, Record<string, unknown[]>> {
    const objects: Record<string, Record<string, unknown[]>> = {};
    for (const [apiName, store] of Object.entries(this.apiStores)) objects[apiName] = store.userObjects();
    return objects;
  }
}
