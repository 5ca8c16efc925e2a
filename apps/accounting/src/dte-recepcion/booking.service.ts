import { Injectable } from '@nestjs/common';
import { Actor } from '../common/actor';
import { LockedEmpresa, Tx } from '../common/accounting.store';
import { toPesos } from '../common/money';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { LedgerService } from '../asientos/ledger.service';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { BOOKABLE_TIPOS, BOOKING_ROLES, receptionLines, TIPO_DTE_NOMBRE } from './booking-rules';
import { ReceivedDte } from './received-dte';
import { FacturaRow, RecepcionStore } from './recepcion.store';
import { FacturaView, IgnoredDteView } from './dto/recepcion.view';

export type BookingOutcome = { kind: 'factura'; factura: FacturaView } | { kind: 'ignorado'; ignorado: IgnoredDteView };

/**
 * Books one received DTE in the caller's transaction, which holds the empresa lock. Idempotent on
 * (empresa, RUT emisor, tipo, folio): a DTE received again returns its first registration, `duplicada`.
 */
@Injectable()
export class BookingService {
  constructor(
    private readonly store: RecepcionStore,
    private readonly ledger: LedgerService,
    private readonly cuentas: PlanCuentasService,
    private readonly auditoria: AuditoriaService,
  ) {}

  async book(tx: Tx, empresa: LockedEmpresa, dte: ReceivedDte, actor: Actor, origen = 'api'): Promise<BookingOutcome> {
    const audit = (entidad: string, entidadId: string, resultado = 'ok') =>
      this.auditoria.record(tx, actor, { empresaId: empresa.id, accion: 'recibir_dte', entidad, entidadId, resultado });
    const motivo: IgnoredDteView['motivo'] | null =
      dte.receptorRut !== empresa.rut ? 'receptor_distinto' : !BOOKABLE_TIPOS.has(dte.tipo) ? 'tipo_no_soportado' : null;
    if (motivo) {
      await audit('dte', `${dte.emisor.rut}/${dte.tipo}/${dte.folio}`, motivo);
      const ignorado = { tipo_dte: dte.tipo, folio: dte.folio, rut_emisor: dte.emisor.rut, rut_receptor: dte.receptorRut, motivo };
      return { kind: 'ignorado', ignorado };
    }

    const m = dte.montos;
    const claimed = await this.store.claimFactura(tx, empresa.id, dte, origen, actor.caller);
    if (!claimed) {
      const prior = await this.store.priorFactura(tx, empresa.id, dte);
      // A purchase booked from the RCV's data gets its document when it arrives (docs/accounting.md "RCV reconciliation").
      if (dte.xml !== null && dte.xmlSha256 !== null) await this.store.attachXml(tx, prior, dte.xml, dte.xmlSha256);
      await audit('factura', prior, 'duplicada');
      return { kind: 'factura', factura: toFacturaView(await this.store.factura(tx, prior), true) };
    }

    const lines = receptionLines(dte.tipo, m);
    if (lines.length > 0) {
      const accounts = await this.cuentas.byRoles(tx, empresa.id, BOOKING_ROLES);
      const nombre = TIPO_DTE_NOMBRE[dte.tipo];
      const asiento = await this.ledger.post(
        tx,
        empresa.id,
        {
          fecha: dte.fecha,
          glosa: `${nombre} N° ${dte.folio} de ${dte.emisor.razon_social} (${dte.emisor.rut})`.slice(0, 500),
          origen: 'dte',
          lineas: lines.map((l) => ({ cuenta: accounts[l.rol], debe: l.debe, haber: l.haber, glosa: null })),
        },
        actor,
      );
      await this.store.setAsiento(tx, claimed, asiento.id);
    }
    await audit('factura', claimed);
    return { kind: 'factura', factura: toFacturaView(await this.store.factura(tx, claimed), false) };
  }
}

function toFacturaView(row: FacturaRow, duplicada: boolean): FacturaView {
  return {
    ...row,
    folio: toPesos(row.folio),
    neto: toPesos(row.neto),
    exento: toPesos(row.exento),
    iva: toPesos(row.iva),
    total: toPesos(row.total),
    duplicada,
  };
}
