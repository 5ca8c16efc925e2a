import { Injectable } from '@nestjs/common';
import type { RecepcionDocumentoDto, RecepcionEnvioDto } from '@lib/contracts';
import { ProblemException } from '@lib/schemas';
import { GatewayClient } from '../gateway/gateway.client';
import type { ReceivedDte } from './received-dte';

/** A DTE of the file the gateway did not verify, with its reasons (the failed checks). */
export interface DteRechazado {
  tipo_dte: number;
  folio: number;
  rut_emisor: string;
  /** EstadoRecepDTE the gateway gave (1 signature, 2 issuer, 3 receiver, 99 other; -1 not in its answer). */
  estado_recepcion: number;
  glosa: string;
  motivos: { verificacion: string; detalle?: string }[];
}

/**
 * Asks the tax gateway, the only place that verifies a supplier's DTE (docs/accounting-poller.md,
 * docs/tax-gateway.md "Reception": XSD, signatures, TED and CAF, receiver, totals), about a file before
 * any of its DTEs is booked for the receiving empresa.
 */
@Injectable()
export class GatewayVerification {
  constructor(private readonly gateway: GatewayClient) {}

  /**
   * Resolves when the gateway marked every DTE of the file `recibido` for `empresaRut`.
   * @param bytes the file exactly as received; `dtes` its documents as accounting parsed them.
   * @throws ProblemException 422 `dte_rechazado` with `rechazados[]` (nothing may be booked), 422
   *   `invalid_dte` (the gateway refused the file itself), 502/503/504 `gateway_unavailable`.
   */
  async verify(empresaRut: string, bytes: Buffer, dtes: ReceivedDte[], nombreArchivo?: string): Promise<void> {
    const answer = await this.gateway.recibirDte(empresaRut, bytes, nombreArchivo);
    const rechazados = dtes.flatMap((d) => {
      const found = documentoOf(answer, d);
      return found?.estado === 'recibido' ? [] : [rechazado(d, found)];
    });
    if (rechazados.length === 0) return;
    const resumen = rechazados.map((r) => `${r.tipo_dte} N° ${r.folio}: ${r.glosa}`).join('; ');
    throw new ProblemException(422, 'dte_rechazado', `The tax gateway did not verify ${resumen}`.slice(0, 500), { rechazados });
  }
}

function documentoOf(answer: RecepcionEnvioDto, d: ReceivedDte): RecepcionDocumentoDto | undefined {
  return answer.documentos.find((g) => g.rut_emisor === d.emisor.rut && g.tipo_dte === d.tipo && g.folio === d.folio);
}

function rechazado(d: ReceivedDte, found: RecepcionDocumentoDto | undefined): DteRechazado {
  return {
    tipo_dte: d.tipo,
    folio: d.folio,
    rut_emisor: d.emisor.rut,
    estado_recepcion: found?.estado_recepcion ?? -1,
    glosa: found?.glosa ?? 'not in the gateway reception answer',
    motivos: (found?.verificaciones ?? []).filter((v) => !v.ok).map((v) => ({ verificacion: v.verificacion, detalle: v.detalle })),
  };
}
