import { Injectable } from '@nestjs/common';
import type { HonorariosRecibidosView } from '@lib/contracts';
import { BhePortal } from '../portal/bhe-portal';
import type { HonorariosRecibidosQueryDto } from './dto/honorarios.dto';

/** The boletas de honorarios a tenant received, as the SII registers them (docs/tax-gateway.md "Boletas de honorarios"). */
@Injectable()
export class HonorariosService {
  constructor(private readonly bhe: BhePortal) {}

  async recibidas(q: HonorariosRecibidosQueryDto): Promise<HonorariosRecibidosView> {
    // q.tenant is canonical already (@IsRut).
    const boletas = await this.bhe.recibidas(q.tenant, q.periodo);
    return { tenant: q.tenant, periodo: q.periodo, consultado_at: new Date().toISOString(), boletas };
  }
}
