import { Injectable } from '@nestjs/common';
import type { HonorariosRecibidosView } from '@lib/contracts';
import { normalizeRut } from '@lib/rut';
import { BhePortal } from '../portal/bhe-portal';
import type { HonorariosRecibidosQueryDto } from './dto/honorarios.dto';

/** The boletas de honorarios a tenant received, as the SII registers them (docs/tax-gateway.md "Boletas de honorarios"). */
@Injectable()
export class HonorariosService {
  constructor(private readonly bhe: BhePortal) {}

  async recibidas(q: HonorariosRecibidosQueryDto): Promise<HonorariosRecibidosView> {
    const tenant = normalizeRut(q.tenant);
    const boletas = await this.bhe.recibidas(tenant, q.periodo);
    return { tenant, periodo: q.periodo, consultado_at: new Date().toISOString(), boletas };
  }
}
