import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { Actor } from '../common/actor';
import { isUniqueViolation } from '../common/db-errors';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { GatewayClient } from '../gateway/gateway.client';
import { DEFAULT_CHART } from '../plan-cuentas/default-chart';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { CrearEmpresaDto } from './dto/crear-empresa.dto';
import { EmpresaView } from './dto/empresa.view';
import { EmpresasStore } from './empresas.store';

/** Onboarding: empresas exist only with the tax gateway's canonical data (docs/DESIGN.md §5). */
@Injectable()
export class EmpresasService {
  constructor(
    private readonly store: EmpresasStore,
    private readonly gateway: GatewayClient,
    private readonly cuentas: PlanCuentasService,
    private readonly auditoria: AuditoriaService,
  ) {}

  /** Nothing is written when the gateway refuses or fails. */
  async create(dto: CrearEmpresaDto, actor: Actor): Promise<EmpresaView & { cuentas_creadas: number }> {
    await this.assertNew(dto.rut);
    const datos = await this.gateway.fetchDatosRut(dto.rut);
    if (datos.rut !== dto.rut) {
      throw new ProblemException(502, 'gateway_unavailable', `The tax gateway answered for RUT ${datos.rut} instead of ${dto.rut}`);
    }
    const conflict = (err: unknown) => (isUniqueViolation(err, 'empresa_rut_uq') ? this.exists(dto.rut) : undefined);
    return this.store.transaction(async (tx) => {
      const row = await this.store.insert(tx, {
        rut: datos.rut,
        razonSocial: datos.razon_social.slice(0, 200),
        regimen: dto.regimen ?? 'pro_pyme_14d3',
        datos,
        createdBy: actor.caller,
      });
      await this.cuentas.seed(tx, row.id);
      await this.auditoria.record(tx, actor, { empresaId: row.id, accion: 'crear_empresa', entidad: 'empresa', entidadId: row.id });
      return { ...row, cuentas_creadas: DEFAULT_CHART.length };
    }, conflict);
  }

  async get(id: string): Promise<EmpresaView> {
    await this.store.requireEmpresa(id);
    return this.store.get(id);
  }

  /** @throws 404 `not_found`. */
  async setTasaPpm(id: string, tasa: string | number, actor: Actor): Promise<EmpresaView> {
    await this.store.requireEmpresa(id);
    const row = await this.store.transaction(async (tx) => {
      const updated = await this.store.setTasaPpm(tx, id, String(tasa));
      await this.auditoria.record(tx, actor, { empresaId: id, accion: 'fijar_tasa_ppm', entidad: 'empresa', entidadId: id });
      return updated;
    });
    return row as EmpresaView;
  }

  list(rut?: string): Promise<EmpresaView[]> {
    return this.store.list(rut);
  }

  private async assertNew(rut: string): Promise<void> {
    if (await this.store.rutExists(rut)) throw this.exists(rut);
  }

  private exists(rut: string): ProblemException {
    return new ProblemException(409, 'empresa_exists', `An empresa with RUT ${rut} already exists`);
  }
}
