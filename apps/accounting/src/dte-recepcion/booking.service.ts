import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { LockedEmpresa } from '../common/empresa-lock';
import { toPesos } from '../common/money';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { LedgerService } from '../asientos/ledger.service';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { BOOKABLE_TIPOS, BOOKING_ROLES, receptionLines, TIPO_DTE_NOMBRE } from './booking-rules';
import { ReceivedDte } from './received-dte';
import { FacturaView, IgnoredDte } from './dto/recepcion.view';

export type BookingOutcome = { kind: 'factura'; factura: FacturaView } | { kind: 'ignorado'; ignorado: IgnoredDte };

const FACTURA_VIEW = `f.id, f.empresa_id, f.tipo_dte, f.folio, f.rut_emisor, f.razon_social_emisor, f.fecha_emision::text AS fecha_emision,
  f.neto, f.exento, f.iva, f.total, f.asiento_id, a.numero AS asiento_numero`;

/**
 * Books one received DTE into an empresa's books inside the caller's transaction: the Factura
 * row and its entry commit together or not at all. Idempotent on (empresa, RUT emisor, tipo,
 * folio): a DTE received again returns its first registration flagged `duplicada`. Reused by
 * POST /contable/recibir-dte and the mailbox poller endpoint.
 */
@Injectable()
export class BookingService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly cuentas: PlanCuentasService,
    private readonly auditoria: AuditoriaService,
  ) {}

  /**
   * The caller MUST hold the empresa lock (`lockEmpresa`) in `em`'s transaction.
   * @param origen where the DTE came from (`api`, `poller`).
   * @throws 409 `period_closed` when the DTE date is in a closed period (and the other ledger errors).
   */
  async book(em: EntityManager, empresa: LockedEmpresa, dte: ReceivedDte, actor: Actor, origen = 'api'): Promise<BookingOutcome> {
    const audit = (entidad: string, entidadId: string, resultado = 'ok') =>
      this.auditoria.record(em, actor, { empresaId: empresa.id, accion: 'recibir_dte', entidad, entidadId, resultado });
    const motivo: IgnoredDte['motivo'] | null =
      dte.receptorRut !== empresa.rut ? 'receptor_distinto' : !BOOKABLE_TIPOS.has(dte.tipo) ? 'tipo_no_soportado' : null;
    if (motivo) {
      await audit('dte', `${dte.emisor.rut}/${dte.tipo}/${dte.folio}`, motivo);
      const ignorado = { tipo_dte: dte.tipo, folio: dte.folio, rut_emisor: dte.emisor.rut, rut_receptor: dte.receptorRut, motivo };
      return { kind: 'ignorado', ignorado };
    }

    const m = dte.montos;
    const [claimed] = await em.query(
      `INSERT INTO factura (empresa_id, rut_emisor, razon_social_emisor, tipo_dte, folio, fecha_emision, neto, exento, iva, total,
                            xml, xml_sha256, origen, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT ON CONSTRAINT factura_natural_uq DO NOTHING RETURNING id`,
      [
        empresa.id,
        dte.emisor.rut,
        dte.emisor.razon_social,
        dte.tipo,
        dte.folio,
        dte.fecha,
        m.neto,
        m.exento,
        m.iva,
        m.total,
        dte.xml,
        dte.xmlSha256,
        origen,
        actor.caller,
      ],
    );
    if (!claimed) {
      const [prior] = await em.query(
        `SELECT f.id FROM factura f WHERE f.empresa_id = $1 AND f.rut_emisor = $2 AND f.tipo_dte = $3 AND f.folio = $4`,
        [empresa.id, dte.emisor.rut, dte.tipo, dte.folio],
      );
      await audit('factura', prior.id, 'duplicada');
      return { kind: 'factura', factura: await this.view(em, prior.id, true) };
    }

    const lines = receptionLines(dte.tipo, m);
    if (lines.length > 0) {
      const accounts = await this.cuentas.byRoles(em, empresa.id, BOOKING_ROLES);
      const nombre = TIPO_DTE_NOMBRE[dte.tipo];
      const asiento = await this.ledger.post(
        em,
        empresa.id,
        {
          fecha: dte.fecha,
          glosa: `${nombre} N° ${dte.folio} de ${dte.emisor.razon_social} (${dte.emisor.rut})`.slice(0, 500),
          origen: 'dte',
          lineas: lines.map((l) => ({ cuenta: accounts[l.rol], debe: l.debe, haber: l.haber, glosa: null })),
        },
        actor,
      );
      await em.query('UPDATE factura SET asiento_id = $2 WHERE id = $1', [claimed.id, asiento.id]);
    }
    await audit('factura', claimed.id);
    return { kind: 'factura', factura: await this.view(em, claimed.id, false) };
  }

  private async view(em: EntityManager, id: string, duplicada: boolean): Promise<FacturaView> {
    const [row] = await em.query(`SELECT ${FACTURA_VIEW} FROM factura f LEFT JOIN asiento a ON a.id = f.asiento_id WHERE f.id = $1`, [id]);
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
}
