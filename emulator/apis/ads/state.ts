/** The ad API's store: the seeded catalogue, read-only (the API has no writes, so nothing is client-created). */
import type { ApiStore } from "../../store";
import type { SeedPublisher } from "./seed";
import { seedPublishers } from "./seed";

export class AdsStore implements ApiStore {
  readonly publishers: ReadonlyMap<string, SeedPublisher>;

  constructor() {
    this.publishers = new Map(seedPublishers().map((publisher) => [publisher.publisherId, publisher]));
  }

  reset(): void {
    // Nothing changes the catalogue, so there is nothing to restore.
  }

  userObjects(): Record<string, unknown[]> {
    return {};
  }
}
