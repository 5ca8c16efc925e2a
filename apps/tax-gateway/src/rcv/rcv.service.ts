import { Injectable } from '@nestjs/common';
import { SesionCertificado, cookieHeader } from '../portal/sesion-certificado';
import { LibroDocumentosStore } from '../libros/libro-documentos.store';
import { RcvClient, type EstadoContabRcv, type OperacionRcv } from '../sii/rcv.client';
import { reconcile, type RcvRegistrado } from './conciliacion';
import { ESTADOS_RCV, type RcvLibroView } from '@lib/contracts';
import type { RcvLibroQueryDto } from './dto/rcv.dto';

// The purchases register splits documents by estado; the sales register has only REGISTRO (docs/research/sii-protocol.md §8).
const ESTADOS: Record<OperacionRcv, EstadoContabRcv[]> = {
  COMPRA: [...ESTADOS_RCV],
  VENTA: ['REGISTRO'],
};

/** The RCV as the SII holds it, reconciled with the gateway's own documents of the month (docs/tax-gateway.md "RCV"). */
@Injectable()
export class RcvService {
  constructor(
    private readonly documentos: LibroDocumentosStore,
    private readonly certificado: SesionCertificado,
    private readonly rcv: RcvClient,
  ) {}

  async getLibro(q: RcvLibroQueryDto): Promise<RcvLibroView> {
    const operacion: OperacionRcv = q.tipo === 'venta' ? 'VENTA' : 'COMPRA';
    const registro = await this.certificado.withCookies((cookies) =>
      this.fetchRegistro(q.tenant, q.periodo, operacion, cookieHeader(cookies)),
    );
    const propios = await this.documentos.listOfPeriodo(q.tenant, q.tipo, q.periodo);
    const documentos = reconcile(registro, propios);
    const resumen = { coincide: 0, solo_sii: 0, solo_gateway: 0, difiere: 0 };
    for (const d of documentos) resumen[d.estado] += 1;
    return { tenant: q.tenant, periodo: q.periodo, tipo: q.tipo, consultado_at: new Date().toISOString(), resumen, documentos };
  }

  private async fetchRegistro(rut: string, periodo: string, operacion: OperacionRcv, cookie: string): Promise<RcvRegistrado[]> {
    const out: RcvRegistrado[] = [];
    for (const estado of ESTADOS[operacion]) {
      const tipos = (await this.rcv.getResumen(rut, periodo, operacion, estado, cookie)).filter((t) => t.documentos > 0);
      for (const { tipo_dte } of tipos) {
        const docs = await this.rcv.getDetalle(rut, periodo, operacion, estado, tipo_dte, cookie);
        out.push(...docs.map((d) => ({ ...d, estado_rcv: estado })));
      }
    }
    return out;
  }
}
