import { routeRequest } from './routes';
import { registrarBhe, type NuevaBoletaHonorarios } from './bhe';
import type { BoletaHonorarios } from './types';
import { SiiFakeState } from './state';
import type { SiiFakeRequest, SiiFakeResponse } from './transport';

export type { ResolvedOptions, SiiFakeOptions } from './state';

/** In-memory SII stand-in (certification host maullin) for tests and development, served by msw handlers or `startSiiFakeServer`. */
export class SiiFakeAuthority extends SiiFakeState {
  handle(req: SiiFakeRequest): Promise<SiiFakeResponse> {
    return routeRequest(this, req);
  }

  /** `POST /sim/bhe` without HTTP: a boleta de honorarios the receptor received. @throws Error for bad input (the 400's detail). */
  registrarBhe(input: NuevaBoletaHonorarios): BoletaHonorarios {
    return registrarBhe(this, input);
  }
}
