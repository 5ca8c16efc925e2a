import { routeRequest } from './routes';
import { SiiFakeState } from './state';
import type { SiiFakeRequest, SiiFakeResponse } from './transport';

export type { ResolvedOptions, SiiFakeOptions } from './state';

/** In-memory SII stand-in (certification host maullin) for tests and development, served by msw handlers or `startSiiFakeServer`. */
export class SiiFakeAuthority extends SiiFakeState {
  handle(req: SiiFakeRequest): Promise<SiiFakeResponse> {
    return routeRequest(this, req);
  }
}
