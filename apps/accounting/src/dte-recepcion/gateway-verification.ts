import { Injectable } from '@nestjs/common';
import type { RecepcionDocumentoView, RecepcionEnvioView } from '@lib/contracts';
import { ProblemException } from '@lib/schemas';
import { GatewayClient } from '../gateway/gateway.client';
import type { ReceivedDte } from './received-dte';

export interface DteRechazado {
  tipo_dte: number;
  folio: number;
  rut_emisor: string;
  /** EstadoRecepDTE (1 signature, 2 issuer, 3 receiver, 99 other; -1 not in the answer). */
  estado_recepcion: number;
  glosa: string;
  motivos: { verificacion: string; detalle?: string }[];
}

/** The tax gateway is the only verifier of a supplier's DTE (docs/tax-gateway.md "Reception"). */
@Injectable()
export class GatewayVerification {
  constructor(private readonly gateway: GatewayClient) {}

  /** Resolves when the gateway marked every DTE `recibido`; else 422 `dte_rejected` with `rechazados[]`. */
  async verify(empresaRut: string, bytes: Buffer, dtes: ReceivedDte[], nombreArchivo?: string): Promise<void> {
    const answer = await this.gateway.receiveDte(empresaRut, bytes, nombreArchivo);
    const rechazados = dtes.flatMap((d) => {
      const found = findDocumento(answer, d);
      return found?.estado === 'recibido' ? [] : [toDteRechazado(d, found)];
    });
    if (rechazados.length === 0) return;
    const resumen = rechazados.map((r) => `${r.tipo_dte} N° ${r.folio}: ${r.glosa}`).join('; ');
    throw new ProblemException(422, 'dte_rejected', `The tax gateway did not verify ${resumen}`.slice(0, 500), { rechazados });
  }
}

function findDocumento(answer: RecepcionEnvioView, d: ReceivedDte): RecepcionDocumentoView | undefined {
  return answer.documentos.find((g) => g.rut_emisor === d.emisor.rut && g.tipo_dte === d.tipo && g.folio === d.folio);
}

function toDteRechazado(d: ReceivedDte, found: RecepcionDocumentoView | undefined): DteRechazado {
  return {
    tipo_dte: d.tipo,
    folio: d.folio,
    rut_emisor: d.emisor.rut,
    estado_recepcion: found?.estado_recepcion ?? -1,
    glosa: found?.glosa ?? 'not in the gateway reception answer',
    motivos: (found?.verificaciones ?? []).filter((v) => !v.ok).map((v) => ({ verificacion: v.verificacion, detalle: v.detalle })),
  };
}
