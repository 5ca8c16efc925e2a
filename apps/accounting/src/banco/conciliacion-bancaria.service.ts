import { Injectable } from '@nestjs/common';
import { daysBetween } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { Actor } from '../common/actor';
import { isUniqueViolation } from '../common/db-errors';
import { LedgerService } from '../asientos/ledger.service';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { GatewayClient } from '../gateway/gateway.client';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { TIPO_DTE_NOMBRE } from '../dte-recepcion/booking-rules';
import { ConciliacionBancariaStore } from './banco.store';
import { sugerencias } from './conciliacion-rules';
import { ConciliacionBancariaView, ConciliarMovimientoDto, SugerenciasQueryDto, SugerenciasView } from './dto/banco.dto';

const MAX_DIAS = 366;

/**
 * The gateway's bank movements matched with the open sales and purchases (docs/accounting.md "Bank reconciliation"): suggestions with
 * their reasons (conciliacion-rules.ts), and a confirmed match that posts the cobranza (Debe Banco / Haber Clientes) or the pago
 * (Debe Proveedores / Haber Banco), once per movement.
 */
@Injectable()
export class ConciliacionBancariaService {
  constructor(
    private readonly store: ConciliacionBancariaStore,
    private readonly gateway: GatewayClient,
    private readonly ledger: LedgerService,
    private readonly cuentas: PlanCuentasService,
    private readonly auditoria: AuditoriaService,
  ) {}

  /** @throws 400 `range_invalid`, 404 `not_found`, the gateway's failures. */
  async sugerencias(q: SugerenciasQueryDto): Promise<SugerenciasView> {
    checkRango(q.desde, q.hasta);
    const empresa = await this.store.requireEmpresa(q.empresa_id);
    const movimientos = await this.gateway.fetchMovimientos(empresa.rut, q.desde, q.hasta);
    const hechos = await this.store.conciliados(
      empresa.id,
      movimientos.map((m) => m.id),
    );
    const abiertos = await this.store.abiertos(undefined, empresa.id);
    return {
      empresa_id: empresa.id,
      desde: q.desde,
      hasta: q.hasta,
      movimientos: movimientos.filter((m) => !hechos.has(m.id)).map((m) => ({ movimiento: m, sugerencias: sugerencias(m, abiertos) })),
    };
  }

  /**
   * @throws 404 `movimiento_not_found` (not among the gateway's movements of that date), 422 `documento_not_open`,
   * `movimiento_direction_mismatch` (money in with a purchase, out with a sale), `monto_exceeds_saldo`; 409 `movimiento_already_matched`,
   * `period_closed`.
   */
  async conciliar(dto: ConciliarMovimientoDto, actor: Actor): Promise<ConciliacionBancariaView> {
    const empresa = await this.store.requireEmpresa(dto.empresa_id);
    const m = (await this.gateway.fetchMovimientos(empresa.rut, dto.fecha, dto.fecha)).find((x) => x.id === dto.movimiento_id);
    if (!m)
      throw new ProblemException(
        404,
        'movimiento_not_found',
        `The gateway has no movement ${dto.movimiento_id} dated ${dto.fecha} for ${empresa.rut}`,
      );
    return this.store.transaction(
      async (tx) => {
        await this.store.lockEmpresa(tx, empresa.id);
        const [doc] = await this.store.abiertos(tx, empresa.id, { tipo: dto.documento, id: dto.documento_id });
        if (!doc)
          throw new ProblemException(
            422,
            'documento_not_open',
            `Document ${dto.documento_id} is not an open ${dto.documento} document of the empresa`,
          );
        // A movement of 0 pesos moves no money: it settles nothing (the ledger would refuse its empty lines).
        if (m.monto === 0 || m.monto > 0 !== (doc.tipo === 'emitido')) {
          const sentido = m.monto === 0 ? 'A movement of 0 pesos' : `Money ${m.monto > 0 ? 'in' : 'out'}`;
          throw new ProblemException(
            422,
            'movimiento_direction_mismatch',
            `${sentido} cannot settle a ${doc.tipo === 'emitido' ? 'sale' : 'purchase'}`,
          );
        }
        const monto = Math.abs(m.monto);
        if (monto > doc.saldo)
          throw new ProblemException(422, 'monto_exceeds_saldo', `The movement (${monto}) exceeds the open balance (${doc.saldo})`);
        const roles = await this.cuentas.byRoles(tx, empresa.id, ['banco', 'clientes', 'proveedores'] as const);
        const [debe, haber] = doc.tipo === 'emitido' ? [roles.banco, roles.clientes] : [roles.proveedores, roles.banco];
        const nombre = `${TIPO_DTE_NOMBRE[doc.tipo_dte] ?? `DTE ${doc.tipo_dte}`} N° ${doc.folio} de ${doc.razon_social} (${doc.rut})`;
        const asiento = await this.ledger.post(
          tx,
          empresa.id,
          {
            fecha: m.fecha,
            glosa: `${doc.tipo === 'emitido' ? 'Cobranza' : 'Pago'} ${nombre}`.slice(0, 500),
            origen: 'banco',
            lineas: [
              { cuenta: debe, debe: monto, haber: 0 },
              { cuenta: haber, debe: 0, haber: monto },
            ],
          },
          actor,
        );
        const razones = sugerencias(m, [doc])[0]?.razones ?? [];
        const id = await this.store.insert(tx, {
          empresaId: empresa.id,
          movimientoId: m.id,
          cuenta: m.cuenta,
          fecha: m.fecha,
          monto,
          descripcion: m.descripcion,
          documento: doc,
          razones,
          asientoId: asiento.id,
          caller: actor.caller,
        });
        await this.auditoria.record(tx, actor, {
          empresaId: empresa.id,
          accion: 'conciliar_movimiento',
          entidad: 'conciliacion_bancaria',
          entidadId: id,
        });
        return {
          id,
          empresa_id: empresa.id,
          movimiento_id: m.id,
          fecha: m.fecha,
          monto,
          documento: { ...doc, saldo: doc.saldo - monto },
          razones,
          asiento_id: asiento.id,
        };
      },
      (err) =>
        isUniqueViolation(err, 'conciliacion_bancaria_movimiento_uq')
          ? new ProblemException(409, 'movimiento_already_matched', `Movement ${dto.movimiento_id} is already matched`)
          : undefined,
    );
  }
}

function checkRango(desde: string, hasta: string): void {
  const dias = daysBetween(desde, hasta);
  if (dias < 0 || dias > MAX_DIAS) {
    const message = dias < 0 ? 'desde is after hasta' : `the range is over ${MAX_DIAS} days`;
    throw new ProblemException(400, 'range_invalid', message, { errors: [{ field: 'hasta', message }] });
  }
}
