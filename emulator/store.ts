/**
 * The emulator's one in-memory store: one state container per API (each
 * plug-in brings its own), reset together. Everything lives in process
 * memory; nothing is persisted.
 */

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
  /** Counters of its own for `/_emulator/stats` (the calendar's `quotaUnits`), merged into the core's. */
  stats?(): Record<string, unknown>;
  /** A service with no client objects at all (the token endpoints): `/_emulator/objects` leaves it out. */
  readonly keepsNoObjects?: true;
}

export class EmulatorStore {
  /** Keyed by the API's name, as `/_emulator/objects` reports them. */
  private readonly apiStores: ReadonlyMap<string, ApiStore>;

  constructor(apiStores: Iterable<readonly [string, ApiStore]>) {
    this.apiStores = new Map(apiStores);
  }

  /** The store of one API, by its name (e.g. `dns`). */
  api(name: string): ApiStore | undefined {
    return this.apiStores.get(name);
  }

  reset(): void {
    for (const store of this.apiStores.values()) store.reset();
  }

  /** Every API's own counters, one object (each API owns its keys). */
  stats(): Record<string, unknown> {
    return Object.assign({}, ...[...this.apiStores.values()].map((store) => store.stats?.() ?? {})) as Record<string, unknown>;
  }

  userObjects(): Record<string, Record<string, unknown[]>> {
    const objects: Record<string, Record<string, unknown[]>> = {};
    for (const [apiName, store] of this.apiStores) {
      // Services that keep no objects of a client's (the token endpoints) are left out.
      if (store.keepsNoObjects !== true) objects[apiName] = store.userObjects();
    }
    return objects;
  }
}
