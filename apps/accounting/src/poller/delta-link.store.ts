/**
 * Where the Graph adapter keeps its delta links (one per mailbox folder). A delta link is the
 * cursor of a Microsoft Graph delta query: with it the next round returns only what changed.
 * Losing it is safe but costly: the next round starts over with every message of the folder, which
 * the accounting endpoint answers `duplicate` (deduplicated by Message-ID).
 */
export interface DeltaLinkStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, deltaLink: string): Promise<void>;
}

/** Process-local {@link DeltaLinkStore}: a restart starts a fresh delta round (see above). */
export class InMemoryDeltaLinkStore implements DeltaLinkStore {
  private readonly links = new Map<string, string>();

  async get(key: string): Promise<string | undefined> {
    return this.links.get(key);
  }

  async set(key: string, deltaLink: string): Promise<void> {
    this.links.set(key, deltaLink);
  }
}
