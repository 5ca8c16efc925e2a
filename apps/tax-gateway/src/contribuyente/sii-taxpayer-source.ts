import { Injectable } from '@nestjs/common';
import { AutorizadosService } from './autorizados.service';
import { CarpetaContribuyente } from './carpeta-contribuyente';
import type { ContribuyenteAutorizadoEntity } from './entities/contribuyente-autorizado.entity';
import { AutorizacionDte, TaxpayerRecord, TaxpayerSource } from './taxpayer-source';

/** Only what the SII serves to the platform's authenticated certificate, never through a captcha (docs/tax-gateway.md "Taxpayer data"). */
@Injectable()
export class SiiTaxpayerSource implements TaxpayerSource {
  constructor(
    private readonly carpeta: CarpetaContribuyente,
    private readonly autorizados: AutorizadosService,
  ) {}

  async fetch(rut: string, tenant: string): Promise<TaxpayerRecord | undefined> {
    const listado = await this.autorizados.find(rut);
    if (rut !== tenant) return listado ? fromLista(listado) : undefined;
    const propio = await this.carpeta.fetch(rut);
    return propio ? { ...propio, autorizacion_dte: listado ? autorizacion(listado) : null } : undefined;
  }
}

function autorizacion(r: ContribuyenteAutorizadoEntity): AutorizacionDte {
  return { numero_resolucion: r.numeroResolucion, fecha_resolucion: r.fechaResolucion, correo_intercambio: r.correoIntercambio };
}

/** A third party as the list has it: legal name and authorization; nothing the list does not show. */
function fromLista(r: ContribuyenteAutorizadoEntity): TaxpayerRecord {
  return {
    rut: r.rut,
    razon_social: r.razonSocial,
    fuente: 'contribuyentes_autorizados',
    direccion: null,
    comuna: null,
    giros: [],
    representantes: [],
    estado: 'autorizado_dte',
    autorizacion_dte: autorizacion(r),
  };
}
