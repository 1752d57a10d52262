/**
 * The emulator's one in-memory store: one state container per API (each
 * plug-in brings its own), reset together. Everything lives in process
 * memory; an API whose store can make a snapshot of its state (and restore
 * one) is kept on disk with `--data-dir` (see `persistence/`).
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
  /**
   * The state a restart keeps, as plain JSON data (`--data-dir`, `--export-on-exit`): the API's
   * objects and whatever their answers are derived from (counters, etags, completion times), not
   * its counters for `/_emulator/stats` nor rate-limit windows. Absent: nothing of the API is kept
   * (a read-only catalogue).
   */
  snapshot?(): unknown;
  /** Replaces the state with one `snapshot()` made; throws a `SnapshotError` naming what is wrong with it. */
  restore?(snapshot: unknown): void;
}

/** A snapshot that does not fit the API's schema (a file from another version, edited by hand, cut short). */
export class SnapshotError extends Error {}

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

  /** The names of the APIs whose state a restart can keep. */
  persistentApis(): string[] {
    return [...this.apiStores].filter(([, store]) => store.snapshot !== undefined && store.restore !== undefined).map(([name]) => name);
  }

  snapshot(apiName: string): unknown {
    return this.apiStores.get(apiName)?.snapshot?.();
  }

  /** Restores each API named in `snapshots` (an API the emulator does not serve is an error: the data would be lost on the next write). */
  restore(snapshots: ReadonlyMap<string, unknown>): void {
    for (const [apiName, snapshot] of snapshots) {
      const store = this.apiStores.get(apiName);
      if (store?.restore === undefined) throw new SnapshotError(`the data holds state of '${apiName}', which this emulator does not keep`);
      store.restore(snapshot);
    }
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
