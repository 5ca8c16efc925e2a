import { routeRequest } from './routes';
import { SiiFakeState } from './state';
import type { FakeRequest, FakeResponse } from './types';

export type { ResolvedOptions, SiiFakeOptions } from './state';

/**
 * An in-memory stand-in for the SII (certification host maullin): its state (seeds, tokens, uploads,
 * CAFs, synthetic taxpayers) and the routing of requests to the handlers. Test and development use
 * only. Serve it with {@link createSiiFakeHandlers} (msw) or `startSiiFakeServer` (node http).
 */
export class SiiFakeAuthority extends SiiFakeState {
  /** Handles one HTTP request (transport neutral; msw and node http both call this). */
  handle(req: FakeRequest): Promise<FakeResponse> {
    return routeRequest(this, req);
  }
}
