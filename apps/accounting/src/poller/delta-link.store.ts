/**
 * The Graph delta links, one per folder. Losing one is safe but costly: the next round offers every
 * message of the folder again (answered `duplicate`).
 */
export interface DeltaLinkStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, deltaLink: string): Promise<void>;
}

export class InMemoryDeltaLinkStore implements DeltaLinkStore {
  private readonly links = new Map<string, string>();

  async get(key: string): Promise<string | undefined> {
    return this.links.get(key);
  }

  async set(key: string, deltaLink: string): Promise<void> {
    this.links.set(key, deltaLink);
  }
}
