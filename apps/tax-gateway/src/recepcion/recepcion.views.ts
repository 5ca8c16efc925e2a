import type { RecepcionEntity } from './entities/recepcion.entity';
import type { RecepcionRespuestaEntity } from './entities/recepcion-respuesta.entity';
import type { RecepcionView, RespuestaView } from './dto/recepcion.dto';

export function toRecepcionView(r: RecepcionEntity): RecepcionView {
  return {
    recepcion_id: r.id,
    tenant: r.tenant,
    envio_id: r.envioId,
    rut_emisor: r.rutEmisor,
    razon_social_emisor: r.razonSocialEmisor,
    correo_intercambio: r.correoEmisor,
    tipo_dte: r.tipoDte,
    folio: r.folio,
    fecha_emision: r.fechaEmision,
    rut_receptor: r.rutReceptor,
    montos: { neto: r.neto, exento: r.exento, iva: r.iva, total: r.total },
    estado: r.estado,
    estado_recepcion: r.estadoRecepcion,
    glosa: r.glosa,
    estado_comercial: r.estadoComercial,
    created_at: r.createdAt.toISOString(),
  };
}

export function toRespuestaView(r: RecepcionRespuestaEntity): RespuestaView {
  return {
    respuesta_id: r.id,
    tipo: r.tipo,
    numero: r.numero,
    sha256: r.xmlSha256,
    xml_base64: r.xml.toString('base64'),
    created_at: r.createdAt.toISOString(),
  };
}
