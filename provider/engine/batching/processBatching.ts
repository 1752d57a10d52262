/**
 * The batching of one provider process, made once where the process starts (provider/index.ts
 * for the dynamic providers, plugin/provider.ts for the plugin) and passed in: through
 * `dynamicProvider` to the engine and every step's context. It holds the process's occupancy
 * (what the engine runs in it, which every window and relay reads), and the windows and relays an
 * API keeps (a zone's changes, the wait for them to be done), one each by name. Nothing of it
 * lives in a module: two processes' worth (two tests, two plugins) never share a window.
 */
import { Occupancy } from "./occupancy";

export class ProcessBatching {
  private readonly parts = new Map<string, unknown>();

  constructor(readonly occupancy: Occupancy = new Occupancy()) {}

  /** The part named `name` of this process (an API's windows and relay), made by `make` the first time it is asked for. */
  part<T>(name: string, make: (occupancy: Occupancy) => T): T {
    if (!this.parts.has(name)) this.parts.set(name, make(this.occupancy));
    return this.parts.get(name) as T;
  }
}
