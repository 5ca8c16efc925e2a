import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { DataSource } from 'typeorm';
import { Actor } from '../common/actor';
import { isUniqueViolation } from '../common/db-errors';
import { requireEmpresa } from '../common/empresa-lock';
import { inTransaction } from '../common/transaction';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { GatewayClient } from '../gateway/gateway.client';
import { DEFAULT_CHART } from '../plan-cuentas/default-chart';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { CrearEmpresaDto } from './dto/crear-empresa.dto';

import { EmpresaView } from './dto/empresa.view';
import { isoInstant } from '../common/sql';

const VIEW = `id, rut, razon_social, regimen, created_by,
  ${isoInstant('created_at')}`;

/** Onboarding: empresas exist only with the tax gateway's canonical data (docs/DESIGN.md §5). */
@Injectable()
export class EmpresasService {
  constructor(
    private readonly ds: DataSource,
    private readonly gateway: GatewayClient,
    private readonly cuentas: PlanCuentasService,
    private readonly auditoria: AuditoriaService,
  ) {}

  /**
   * Creates an empresa from the gateway's data for `rut` and seeds the 18-account chart, in one
   * transaction. Nothing is written when the gateway refuses or fails.
   * @throws 409 `empresa_exists`; 422 `taxpayer_unknown`; 502/503/504 `gateway_unavailable`.
   */
  async create(dto: CrearEmpresaDto, actor: Actor): Promise<EmpresaView & { cuentas_creadas: number }> {
    await this.assertNew(dto.rut);
    const datos = await this.gateway.datosRut(dto.rut);
    if (datos.rut !== dto.rut) {
      throw new ProblemException(502, 'gateway_unavailable', `The tax gateway answered for RUT ${datos.rut} instead of ${dto.rut}`);
    }
    const conflict = (err: unknown) => (isUniqueViolation(err, 'empresa_rut_uq') ? this.exists(dto.rut) : undefined);
    return inTransaction(
      this.ds,
      async (em) => {
        const [row] = await em.query(
          `INSERT INTO empresa (rut, razon_social, regimen, datos_contribuyente, created_by)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${VIEW}`,
          [datos.rut, datos.razon_social.slice(0, 200), dto.regimen ?? 'pro_pyme_14d3', JSON.stringify(datos), actor.caller],
        );
        await this.cuentas.seed(em, row.id);
        await this.auditoria.record(em, actor, { empresaId: row.id, accion: 'crear_empresa', entidad: 'empresa', entidadId: row.id });
        return { ...(row as EmpresaView), cuentas_creadas: DEFAULT_CHART.length };
      },
      conflict,
    );
  }

  /** One empresa with the gateway data it was created from. @throws 404. */
  async get(id: string): Promise<EmpresaView> {
    await requireEmpresa(this.ds.manager, id);
    const [row] = await this.ds.query(`SELECT ${VIEW}, datos_contribuyente FROM empresa WHERE id = $1`, [id]);
    return row;
  }

  /** Every empresa, by RUT; `rut` filters to one. */
  list(rut?: string): Promise<EmpresaView[]> {
    return this.ds.query(`SELECT ${VIEW} FROM empresa WHERE ($1::text IS NULL OR rut = $1) ORDER BY rut`, [rut ?? null]);
  }

  private async assertNew(rut: string): Promise<void> {
    const rows = await this.ds.query('SELECT 1 FROM empresa WHERE rut = $1', [rut]);
    if (rows.length > 0) throw this.exists(rut);
  }

  private exists(rut: string): ProblemException {
    return new ProblemException(409, 'empresa_exists', `An empresa with RUT ${rut} already exists`);
  }
}
