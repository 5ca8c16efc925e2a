import { createHash, randomUUID } from 'node:crypto';
import type { CesionLeida } from '@lib/dte';
import type { CesionView } from './dto/cesion.dto';
import { CesionEntity } from './entities/cesion.entity';

/** What a row keeps of a cesión, built or read (libs/dte CesionInput and CesionLeida both have it). */
type CesionDatos = Pick<CesionLeida, 'seq' | 'id_dte' | 'monto' | 'ultimo_vencimiento'> & {
  cedente: { rut: string };
  cesionario: { rut: string; razon_social: string };
};

/** A new `dte_cesion` row of `tenant` for the AEC `xml`, in `estado`. */
export function newCesion(
  tenant: string,
  rol: 'cedente' | 'cesionario',
  c: CesionDatos,
  xml: Buffer,
  estado: string,
  caller?: string,
): CesionEntity {
  return Object.assign(new CesionEntity(), {
    id: randomUUID(),
    tenant,
    rol,
    rutEmisor: c.id_dte.rut_emisor,
    tipoDte: c.id_dte.tipo_dte,
    folio: c.id_dte.folio,
    seq: c.seq,
    rutCedente: c.cedente.rut,
    rutCesionario: c.cesionario.rut,
    razonSocialCesionario: c.cesionario.razon_social.slice(0, 100),
    monto: c.monto,
    ultimoVencimiento: c.ultimo_vencimiento,
    estado,
    glosa: null,
    resultado: 'pendiente',
    trackid: null,
    xml,
    xmlSha256: createHash('sha256').update(xml).digest('hex'),
    error: null,
    caller: caller ?? null,
  });
}

export function toCesionView(c: CesionEntity, historial: CesionView['historial']): CesionView {
  return {
    cesion_id: c.id,
    rol: c.rol,
    rut_emisor: c.rutEmisor,
    tipo_dte: c.tipoDte,
    folio: c.folio,
    seq: c.seq,
    rut_cedente: c.rutCedente,
    rut_cesionario: c.rutCesionario,
    razon_social_cesionario: c.razonSocialCesionario,
    monto: c.monto,
    ultimo_vencimiento: c.ultimoVencimiento,
    estado: c.estado,
    glosa: c.glosa,
    resultado: c.resultado,
    trackid: c.trackid,
    historial,
  };
}
