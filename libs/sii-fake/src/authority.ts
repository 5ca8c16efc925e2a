import { routeRequest } from './routes';
import { SiiFakeState } from './state';
import type { SiiFakeRequest, SiiFakeResponse } from './transport';

export type { ResolvedOptions, SiiFakeOptions } from './state';

/**
 * An in-memory stand-in for the SII (certification host maullin): its state (seeds, tokens, uploads,
 * CAFs, synthetic taxpayers) and the routing of requests to the handlers. Test and development use
 * only. Serve it with {@link createSiiFakeHandlers} (msw) or `startSiiFakeServer` (node http, and https with client
 * certificates for the certificate login).
 */
export class SiiFakeAuthority extends SiiFakeState {
  /**
   * Handles one HTTP request (transport neutral; msw and node http both call this). `clientCertificate` is the TLS
   * client certificate (the HTTPS listener's); `setCookies` of the answer are its Set-Cookie headers.
   */
  handle(req: SiiFakeRequest): Promise<SiiFakeResponse> {
    return routeRequest(this, req);
  }
}
