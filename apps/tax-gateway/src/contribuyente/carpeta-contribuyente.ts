import { Injectable } from '@nestjs/common';
import type { CarpetaTributaria } from '@lib/portal';
import { ProblemException } from '@lib/schemas';
import { CarpetaService } from '../portal/carpeta.service';
import type { Giro, Representante, TaxpayerRecord } from './taxpayer-source';

/**
 * The portal's page for a RUT without tax records. Its real wording is not public (docs/research/sources/README.md:
 * no capture of the carpeta's error pages); this is the stand-in's, and both change together when one is seen.
 */
const SIN_REGISTRO = /no registra informaci[oó]n tributaria/i;

/**
 * A tenant's own taxpayer data, read from its carpeta tributaria (docs/tax-gateway.md "Taxpayer data"; the carpeta's
 * sections, docs/research/sii-protocol.md §7): legal name, domicilio (address and comuna), activities with their
 * codes, legal representatives, start of activities. The day's carpeta is shared with POST /tax/scrape/carpeta.
 */
@Injectable()
export class CarpetaContribuyente {
  constructor(private readonly carpetas: CarpetaService) {}

  /**
   * @returns the record, or undefined when the portal says the RUT has no tax records.
   * @throws the portal's and the signer's problems (409, 502 `portal_error`, 503, 504).
   */
  async fetch(rut: string): Promise<Omit<TaxpayerRecord, 'autorizacion_dte'> | undefined> {
    try {
      const { carpeta } = await this.carpetas.obtener(rut, rut, 'creditos');
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
 * The record of a carpeta. `estado` is the carpeta's observation when it has one (e.g. a término de giro; not its
 * "No tiene observaciones."), else
 * `vigente` for a taxpayer with start of activities, else `sin inicio de actividades`.
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
