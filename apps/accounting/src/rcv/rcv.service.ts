import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { ProblemException } from '@lib/schemas';
import { Actor } from '../common/actor';
import { LockedEmpresa, Tx } from '../common/accounting.store';
import { AsientosService } from '../asientos/asientos.service';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { BookingService } from '../dte-recepcion/booking.service';
import { TIPO_DTE_NOMBRE } from '../dte-recepcion/booking-rules';
import { GatewayClient } from '../gateway/gateway.client';
import { LedgerService } from '../asientos/ledger.service';
import { SALE_ROLES, saleLines } from '../emision/sale-rules';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { diferenciasRcv } from './rcv-rules';
import { LibroRcv, Resolucion, RcvStore } from './rcv.store';

const LIBROS: readonly LibroRcv[] = ['compra', 'venta'];
import { ConfirmarDiferenciaDto, DescartarDiferenciaDto, RcvConciliacionView, RcvDiferenciaView } from './dto/rcv.dto';

/**
 * The books of a month reconciled with the SII's purchases register through the gateway's `GET /tax/rcv/libro`
 * (docs/accounting.md "RCV reconciliation"); the rules in `rcv-rules.ts`.
 */
@Injectable()
export class RcvService {
  constructor(
    private readonly store: RcvStore,
    private readonly gateway: GatewayClient,
    private readonly booking: BookingService,
    private readonly asientos: AsientosService,
    private readonly auditoria: AuditoriaService,
    private readonly ledger: LedgerService,
    private readonly cuentas: PlanCuentasService,
  ) {}

  /** Asks the RCV for both books (nothing written when the gateway fails: 502/503/504), then records the differences in one transaction. */
  async conciliar(empresaId: string, periodo: string, actor: Actor): Promise<RcvConciliacionView> {
    const { empresa, mes } = await this.store.requireEmpresaMes(empresaId, periodo);
    const registros = await Promise.all(LIBROS.map((libro) => this.gateway.fetchRcvLibro(empresa.rut, mes.periodo, libro)));
    const documentosRcv = registros.reduce((n, r) => n + r.documentos.filter((d) => d.sii !== null).length, 0);
    await this.store.transaction(async (tx) => {
      await this.store.lockEmpresa(tx, empresa.id);
      const found = [];
      for (const [i, libro] of LIBROS.entries()) {
        const libros = await this.store.libros(tx, empresa.id, libro, mes.desde, mes.hasta);
        found.push(...diferenciasRcv(registros[i].documentos, libros, libro).map((d) => ({ libro, d })));
      }
      await this.store.saveRun(tx, empresa.id, mes.periodo, documentosRcv, actor.caller);
      await this.store.record(tx, empresa.id, mes.periodo, found, actor.caller);
      await this.auditoria.record(tx, actor, {
        empresaId: empresa.id,
        accion: 'conciliar_rcv',
        entidad: 'rcv_conciliacion',
        entidadId: mes.periodo,
      });
    });
    return this.conciliacion(empresa.id, mes.periodo);
  }

  /** @throws 404 `not_found` for an unknown empresa, 404 `conciliacion_not_found` before the period's first run. */
  async conciliacion(empresaId: string, periodo: string): Promise<RcvConciliacionView> {
    const { mes } = await this.store.requireEmpresaMes(empresaId, periodo);
    const found = await this.store.conciliacion(empresaId, mes.periodo);
    if (!found) {
      throw new ProblemException(
        404,
        'conciliacion_not_found',
        `The RCV of ${mes.periodo} has not been reconciled yet: POST /contable/rcv/conciliar`,
      );
    }
    const count = (estado: string) => found.diferencias.filter((d) => d.estado === estado).length;
    const resumen = {
      pendientes: count('pendiente'),
      confirmadas: count('confirmada'),
      descartadas: count('descartada'),
      superadas: count('superada'),
    };
    return { ...found, resumen };
  }

  /**
   * no_contabilizado: books the purchase from the RCV's data (an entry dated its FchEmis; a DTE booked meanwhile is linked, not booked
   * twice), or the sale (Clientes / Ventas / IVA Débito Fiscal, sale-rules.ts); reclamado: reverses its entry once (an entry reversed
   * meanwhile is linked); the others: acknowledged.
   * @throws 404 `not_found`, 409 `diferencia_already_decided`, 409 `period_closed` (the entry's date).
   */
  confirmar(id: string, dto: ConfirmarDiferenciaDto, actor: Actor): Promise<RcvDiferenciaView> {
    return this.decide(id, actor, 'confirmar_diferencia_rcv', async (tx, d, empresa) => {
      if (d.clase === 'no_contabilizado')
        return d.libro === 'venta' ? this.bookSale(tx, d, empresa, actor) : this.book(tx, d, empresa, actor);
      if (d.clase === 'reclamado') return this.reverse(tx, d, dto, actor);
      return { estado: 'confirmada' };
    });
  }

  /** @throws 404 `not_found`, 409 `diferencia_already_decided`. */
  descartar(id: string, dto: DescartarDiferenciaDto, actor: Actor): Promise<RcvDiferenciaView> {
    return this.decide(id, actor, 'descartar_diferencia_rcv', async () => ({ estado: 'descartada', motivo: dto.motivo.trim() }));
  }

  private decide(
    id: string,
    actor: Actor,
    accion: string,
    work: (tx: Tx, d: RcvDiferenciaView, empresa: LockedEmpresa) => Promise<Resolucion>,
  ): Promise<RcvDiferenciaView> {
    return this.store.transaction(async (tx) => {
      // The empresa first, then the difference: a run takes them in that order too (no deadlock between a run and a decision).
      const empresaId = isUUID(id) ? await this.store.empresaDeDiferencia(tx, id) : undefined;
      if (!empresaId) throw new ProblemException(404, 'not_found', `Diferencia ${id} does not exist`);
      const empresa = await this.store.lockEmpresa(tx, empresaId);
      const d = (await this.store.lockDiferencia(tx, id)) as RcvDiferenciaView;
      if (d.estado !== 'pendiente') {
        throw new ProblemException(409, 'diferencia_already_decided', `The difference is already ${d.estado}`, { estado: d.estado });
      }
      const resolved = await this.store.resolve(tx, d.id, await work(tx, d, empresa), actor.caller);
      await this.auditoria.record(tx, actor, { empresaId: d.empresa_id, accion, entidad: 'rcv_diferencia', entidadId: d.id });
      return resolved;
    });
  }

  private async book(tx: Tx, d: RcvDiferenciaView, empresa: LockedEmpresa, actor: Actor): Promise<Resolucion> {
    const dte = {
      tipo: d.tipo_dte,
      folio: d.folio,
      fecha: d.fecha_emision,
      emisor: { rut: d.rut_contraparte, razon_social: d.razon_social },
      receptorRut: empresa.rut,
      montos: { neto: d.neto, exento: d.exento, iva: d.iva, total: d.total },
      xml: null,
      xmlSha256: null,
    };
    const outcome = await this.booking.book(tx, empresa, dte, actor, 'rcv');
    if (outcome.kind !== 'factura') throw new Error(`an RCV purchase of type ${d.tipo_dte} was not booked: ${outcome.ignorado.motivo}`);
    return { estado: 'confirmada', facturaId: outcome.factura.id, asientoId: outcome.factura.asiento_id };
  }

  /** A sale the register has and the books do not (issued outside the platform): its entry, dated its FchEmis. */
  private async bookSale(tx: Tx, d: RcvDiferenciaView, empresa: LockedEmpresa, actor: Actor): Promise<Resolucion> {
    const cuentas = await this.cuentas.byRoles(tx, empresa.id, SALE_ROLES);
    const lineas = saleLines(d.tipo_dte, { neto: d.neto, exento: d.exento, iva: d.iva, total: d.total }).map((l) => ({
      cuenta: cuentas[l.rol],
      debe: l.debe,
      haber: l.haber,
    }));
    const glosa = `${TIPO_DTE_NOMBRE[d.tipo_dte]} N° ${d.folio} a ${d.razon_social} (${d.rut_contraparte}), registrada en el RCV`;
    const asiento = await this.ledger.post(
      tx,
      empresa.id,
      { fecha: d.fecha_emision, glosa: glosa.slice(0, 500), origen: 'dte', lineas },
      actor,
    );
    return { estado: 'confirmada', asientoId: asiento.id };
  }

  private async reverse(tx: Tx, d: RcvDiferenciaView, dto: ConfirmarDiferenciaDto, actor: Actor): Promise<Resolucion> {
    const original = d.documento_id ? await this.store.asientoDeFactura(tx, d.documento_id) : null;
    if (!original) return { estado: 'confirmada' };
    const glosa = `Reclamo en el RCV (${d.estado_rcv}): ${TIPO_DTE_NOMBRE[d.tipo_dte]} N° ${d.folio} de ${d.razon_social} (${d.rut_contraparte})`;
    const asientoId = await this.asientos.reverseOnceIn(
      tx,
      original,
      { empresa_id: d.empresa_id, fecha: dto.fecha, glosa: glosa.slice(0, 500) },
      actor,
    );
    return { estado: 'confirmada', asientoId };
  }
}
