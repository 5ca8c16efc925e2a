import { Injectable } from '@nestjs/common';
import type { CarpetaTributaria } from '@lib/portal';
import { ProblemException } from '@lib/schemas';
import { CarpetaService } from '../portal/carpeta.service';
import type { Giro, Representante, TaxpayerRecord } from './taxpayer-source';

/** The real wording is not public (docs/research/sources/README.md: no capture of the carpeta's error pages); this is the stand-in's. */
const SIN_REGISTRO = /no registra informaci[oó]n tributaria/i;

/** A tenant's own record from its carpeta tributaria (docs/tax-gateway.md "Taxpayer data"; sections: docs/research/sii-protocol.md §7). */
@Injectable()
export class CarpetaContribuyente {
  constructor(private readonly carpetas: CarpetaService) {}

  async fetch(rut: string): Promise<Omit<TaxpayerRecord, 'autorizacion_dte'> | undefined> {
    try {
      const { carpeta } = await this.carpetas.getCarpeta(rut, rut, 'creditos');
      return recordFromCarpeta(rut, carpeta);
    } catch (err) {
      if (
        err instanceof ProblemException &&
        err.getProblem().error === 'portal_error' &&
        SIN_REGISTRO.test(String(err.getProblem().detail ?? ''))
      )
        return undefined;
      throw err;
    }
  }
}

/**
 * `estado`: the carpeta's observation (e.g. a término de giro), else `vigente` with start of activities, else `sin inicio de actividades`.
 */
export function recordFromCarpeta(rut: string, c: CarpetaTributaria): Omit<TaxpayerRecord, 'autorizacion_dte'> {
  const { direccion, comuna } = domicilio(c.contribuyente.domicilio);
  const giros: Giro[] = c.contribuyente.actividades.map((a) => ({ codigo: a.codigo ?? '', descripcion: a.descripcion }));
  const representantes: Representante[] = c.representantes_legales.flatMap((r) => (r.rut ? [{ rut: r.rut, nombre: r.nombre }] : []));
  const inicio = c.contribuyente.fecha_inicio_actividades ?? undefined;
  return {
    rut,
    razon_social: c.encabezado.nombre,
    fuente: 'carpeta_tributaria',
    direccion,
    comuna,
    giros,
    representantes,
    estado: observacion(c.contribuyente.observaciones) ?? (inicio ? 'vigente' : 'sin inicio de actividades'),
    ...(inicio ? { inicio_actividades: inicio } : {}),
  };
}

/** The carpeta's observation, or undefined when it says there is none ("No tiene observaciones."). */
function observacion(text: string | null): string | undefined {
  const t = text?.trim();
  return t && !/^no (tiene|presenta|registra) observaciones/i.test(t) ? t : undefined;
}

/** `AV LOS LEONES 1234 OF 56, PROVIDENCIA`: the comuna after the last comma (the carpeta's Domicilio field). */
function domicilio(text: string | null): { direccion: string | null; comuna: string | null } {
  if (!text?.trim()) return { direccion: null, comuna: null };
  const i = text.lastIndexOf(',');
  if (i < 0) return { direccion: text.trim(), comuna: null };
  return { direccion: text.slice(0, i).trim() || null, comuna: text.slice(i + 1).trim() || null };
}
