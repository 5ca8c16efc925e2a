import { Injectable } from '@nestjs/common';
import type { BoletaHonorariosView } from '@lib/contracts';
import { Actor } from '../common/actor';
import { MesQueryDto } from '../common/dto/mes-query.dto';
import { LockedEmpresa, Tx } from '../common/accounting.store';
import { AsientosService } from '../asientos/asientos.service';
import { santiagoDate } from '@lib/dte';
import { LedgerService } from '../asientos/ledger.service';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { GatewayClient } from '../gateway/gateway.client';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { BoletaHonorariosImportadaView, HonorariosImportView } from './dto/honorarios.dto';
import { BoletaLibro, HonorariosStore } from './honorarios.store';
import { retencionHonorarios, tasaRetencionHonorarios } from './tasa-retencion';

const ROLES = ['gastos_admin', 'retenciones', 'proveedores'] as const;

/**
 * Books the boletas de honorarios a company received, read from the SII's register through the gateway (docs/accounting.md "Boletas de
 * honorarios"): Debe Gastos de Administración bruto / Haber Retenciones por Pagar the retention of the boleta's year (when the receiver
 * withholds) / Haber Proveedores the líquido. Idempotent per (issuer, folio); a boleta the SII later lists voided has its entry reversed once.
 * `importar` throws 404 `not_found`, 400/422 for the month, 409 `period_closed`, and the gateway's failures, having written nothing.
 */
@Injectable()
export class HonorariosService {
  constructor(
    private readonly store: HonorariosStore,
    private readonly gateway: GatewayClient,
    private readonly ledger: LedgerService,
    private readonly asientos: AsientosService,
    private readonly cuentas: PlanCuentasService,
    private readonly auditoria: AuditoriaService,
  ) {}

  async importar(q: MesQueryDto, actor: Actor): Promise<HonorariosImportView> {
    const { empresa, mes } = await this.store.requireEmpresaMes(q.empresa_id, q.periodo);
    const { boletas } = await this.gateway.fetchHonorariosRecibidos(empresa.rut, mes.periodo);
    const ordenadas = [...boletas].sort(
      (a, b) => a.fecha.localeCompare(b.fecha) || a.rut_emisor.localeCompare(b.rut_emisor) || a.folio - b.folio,
    );
    return this.store.transaction(async (tx) => {
      await this.store.lockEmpresa(tx, empresa.id);
      const out: BoletaHonorariosImportadaView[] = [];
      let asientosNuevos = 0;
      for (const b of ordenadas) {
        const prior = await this.store.find(tx, empresa.id, b.rut_emisor, b.folio);
        const view = await this.una(tx, empresa, b, prior, actor);
        if (view.asiento_id && view.asiento_id !== prior?.asiento_id && view.asiento_id !== prior?.reversa_id) asientosNuevos++;
        out.push(view);
      }
      await this.auditoria.record(tx, actor, {
        empresaId: empresa.id,
        accion: 'importar_honorarios',
        entidad: 'boleta_honorarios',
        entidadId: mes.periodo,
      });
      return { empresa_id: empresa.id, periodo: mes.periodo, asientos_nuevos: asientosNuevos, boletas: out };
    });
  }

  private async una(
    tx: Tx,
    empresa: LockedEmpresa,
    b: BoletaHonorariosView,
    prior: BoletaLibro | undefined,
    actor: Actor,
  ): Promise<BoletaHonorariosImportadaView> {
    const base = { folio: b.folio, rut_emisor: b.rut_emisor, nombre_emisor: b.nombre_emisor, fecha: b.fecha, bruto: b.honorario_bruto };
    if (prior) {
      const figures = { tasa: prior.tasa, retencion: prior.retencion, retencion_sii: prior.retencion_sii, liquido: prior.liquido };
      if (!b.anulada || prior.reversa_id)
        return {
          ...base,
          ...figures,
          estado: prior.reversa_id ? 'reversada' : 'duplicada',
          asiento_id: prior.reversa_id ?? prior.asiento_id,
        };
      const glosa = `Boleta de honorarios N° ${b.folio} de ${b.nombre_emisor} (${b.rut_emisor}) anulada`.slice(0, 500);
      // Dated the original's date, or today when that period is closed: a voided boleta never blocks its month's imports.
      const reversaId = await this.asientos.reverseOnceIn(tx, prior.asiento_id, { empresa_id: empresa.id, glosa }, actor, santiagoDate());
      return { ...base, ...figures, estado: 'reversada', asiento_id: reversaId };
    }
    // The receiver withholds only when the SII says so: an issuer may pay the retention himself (retencion_receptor 0).
    const retiene = b.retencion_receptor > 0;
    const tasa = retiene ? tasaRetencionHonorarios(b.fecha) : '0';
    const retencion = retiene ? retencionHonorarios(b.honorario_bruto, b.fecha) : 0;
    const figures = { tasa, retencion, retencion_sii: b.retencion_receptor, liquido: b.honorario_bruto - retencion };
    if (b.anulada) return { ...base, ...figures, estado: 'anulada', asiento_id: null };
    const cuentas = await this.cuentas.byRoles(tx, empresa.id, ROLES);
    const asiento = await this.ledger.post(
      tx,
      empresa.id,
      {
        fecha: b.fecha,
        glosa: `Boleta de honorarios N° ${b.folio} de ${b.nombre_emisor} (${b.rut_emisor})`.slice(0, 500),
        origen: 'dte',
        lineas: [
          { cuenta: cuentas.gastos_admin, debe: b.honorario_bruto, haber: 0 },
          { cuenta: cuentas.retenciones, debe: 0, haber: retencion },
          { cuenta: cuentas.proveedores, debe: 0, haber: b.honorario_bruto - retencion },
        ].filter((l) => l.debe > 0 || l.haber > 0),
      },
      actor,
    );
    await this.store.insert(tx, {
      empresaId: empresa.id,
      rutEmisor: b.rut_emisor,
      nombreEmisor: b.nombre_emisor,
      folio: b.folio,
      fecha: b.fecha,
      bruto: b.honorario_bruto,
      tasa,
      retencion,
      retencionSii: b.retencion_receptor,
      codigoBarras: b.codigo_barras,
      asientoId: asiento.id,
      caller: actor.caller,
    });
    return { ...base, ...figures, estado: 'contabilizada', asiento_id: asiento.id };
  }
}
