import { Injectable } from '@nestjs/common';
import { EmitirDto, ReceptorDto } from '@lib/contracts';
import {
  DteError,
  DteParseError,
  ESTADOS_ENVIO_FINALES,
  SII_RUT,
  detalleLibroComprasSet,
  lineasDelCaso,
  numerosDeAtencion,
  parseLibroComprasSet,
  parseSetPruebas,
  santiagoDate,
  type CasoSet,
  type LibroComprasSet,
  type SetPruebas,
} from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { SesionCertificado, cookieHeader } from '../portal/sesion-certificado';
import { EmisionQueryService } from '../dte/emision-query.service';
import { EmisionService } from '../dte/emision.service';
import { LibrosService, type DetalleDado } from '../libros/libros.service';
import { SiiClient } from '../sii/sii-client';
import type {
  CasoResultadoView,
  CertificacionRunDto,
  CertificacionRunView,
  CertificacionSetsView,
  LibroSetView,
} from './dto/certificacion.dto';

/** The receiver of a set's documents when none is given: the SII itself (Teatinos 120). */
const RECEPTOR_SII: ReceptorDto = {
  rut: SII_RUT,
  razon_social: 'Servicio de Impuestos Internos',
  giro: 'Administracion publica',
  direccion: 'Teatinos 120',
  comuna: 'Santiago',
};
/** Envío estados after which QueryEstUp is not asked again while answering. */
const FINAL: ReadonlySet<string> = new Set(ESTADOS_ENVIO_FINALES);
/** How long the run waits for the envío to be processed before answering with its current estado. */
const ESPERA_MS = 20_000;

type Item = Parameters<EmisionService['emitBatch']>[0][number];

/**
 * The SII certification set (docs/tax-gateway.md "Certification"; docs/research/sii-protocol.md §10): every case the platform issues, in
 * the set's order, in ONE EnvioDTE, each referencing TpoDocRef SET / RazonRef "CASO n".
 */
@Injectable()
export class CertificacionService {
  constructor(
    private readonly certificado: SesionCertificado,
    private readonly sii: SiiClient,
    private readonly emisiones: EmisionService,
    private readonly queries: EmisionQueryService,
    private readonly libros: LibrosService,
  ) {}

  async sets(tenant: string): Promise<CertificacionSetsView> {
    const set = parse(await this.downloadSet(tenant));
    return {
      tenant,
      sets: [
        {
          set: set.nombre.replace(/^SET\s+/, ''),
          numero_atencion: set.numeroAtencion,
          casos: set.casos.map((c) => ({
            caso: c.id,
            documento: c.documento,
            tipo_dte: c.tipoDte ?? null,
            soportado: c.tipoDte !== undefined,
          })),
        },
      ],
    };
  }

  /** Emits the set and follows its envío for up to 20 s. */
  async run(dto: CertificacionRunDto, caller?: string): Promise<CertificacionRunView> {
    const text = dto.set_base64 ? Buffer.from(dto.set_base64, 'base64').toString('latin1') : await this.downloadSet(dto.tenant);
    const set = parse(text);
    const { items, casos } = this.plan(set, dto);
    if (items.length === 0) throw new ProblemException(422, 'set_empty', `The set ${set.numeroAtencion} has no case this platform issues.`);
    const { emisiones, error } = await this.emisiones.emitBatch(items, caller);
    const trackid = emisiones[0].trackid ?? (error ? null : await this.findTrackid(emisiones[0].id));
    const estado = trackid ? await this.follow(dto.tenant, trackid) : undefined;
    const resultados = await Promise.all(emisiones.map((e) => this.queries.get(e.id)));
    const libroVentas = await this.generateLibroVentas(dto.tenant, numerosDeAtencion(text)['SET LIBRO DE VENTAS'], caller);
    const libroCompras = await this.generateLibroCompras(dto.tenant, text, caller);
    const porCaso = new Map(casos.filter((c) => c.indice !== undefined).map((c) => [c.caso, resultados[c.indice as number]]));
    return {
      tenant: dto.tenant,
      set: dto.set,
      numero_atencion: set.numeroAtencion,
      trackid,
      estado: estado?.estado ?? (error ? 'upload_failed' : null),
      glosa: estado?.glosa ?? null,
      error: error ? `${error.error}: ${error.message}` : null,
      libro_ventas: libroVentas,
      libro_compras: libroCompras,
      casos: casos.map((c): CasoResultadoView => {
        const e = porCaso.get(c.caso);
        return {
          caso: c.caso,
          tipo_dte: c.tipoDte ?? null,
          folio: e?.folio ?? null,
          emision_id: e?.emision_id ?? null,
          estado: e?.estado ?? 'no_soportado',
          resultado: e?.resultado ?? null,
          reparos: e && e.resultado !== 'pendiente' ? e.resultado === 'aceptado_con_reparos' : null,
          error: c.error ?? null,
        };
      }),
    };
  }

  private plan(set: SetPruebas, dto: CertificacionRunDto) {
    const fecha = santiagoDate();
    const items: Item[] = [];
    const casos: { caso: string; tipoDte?: number; indice?: number; error?: string }[] = [];
    const indices = new Map<string, number>();
    for (const caso of set.casos) {
      const motivo = unsupportedReason(caso, indices);
      if (motivo) {
        casos.push({ caso: caso.id, tipoDte: caso.tipoDte, error: motivo });
        continue;
      }
      indices.set(caso.id, items.length);
      casos.push({ caso: caso.id, tipoDte: caso.tipoDte, indice: items.length });
      items.push(item(set, caso, dto.tenant, dto.receptor ?? RECEPTOR_SII, fecha, indices));
    }
    return { items, casos };
  }

  /** TipoLibro ESPECIAL with the set's atención number as FolioNotificacion. */
  private generateLibroVentas(tenant: string, numero: string | undefined, caller?: string): Promise<LibroSetView | null> {
    if (!numero) return Promise.resolve(null);
    return this.generateLibroEspecial({ tenant, tipo: 'venta', numero }, caller);
  }

  /** Documents from libs/dte `detalleLibroComprasSet`, dated today and attributed to the SII as supplier, since the set gives neither. */
  private generateLibroCompras(tenant: string, text: string, caller?: string): Promise<LibroSetView | null> {
    let set: LibroComprasSet | undefined;
    try {
      set = parseLibroComprasSet(text);
    } catch (err) {
      if (!(err instanceof DteParseError)) throw err;
      return Promise.resolve({ libro_id: null, folio_notificacion: null, estado: null, error: `set_invalid: ${err.message}` });
    }
    if (!set) return Promise.resolve(null);
    const detalle = detalleLibroComprasSet(set, santiagoDate(), { rut: RECEPTOR_SII.rut, razonSocial: RECEPTOR_SII.razon_social });
    return this.generateLibroEspecial({ tenant, tipo: 'compra', numero: set.numeroAtencion }, caller, {
      detalle,
      factorProporcionalidad: set.factorProporcionalidad,
    });
  }

  /** Generated (signed, XSD-valid) for the operator to send with POST /tax/libros/enviar/{libro_id}; its problem when it failed. */
  private async generateLibroEspecial(
    libro: { tenant: string; tipo: 'venta' | 'compra'; numero: string },
    caller?: string,
    dado?: DetalleDado,
  ): Promise<LibroSetView> {
    const folio = Number(libro.numero);
    try {
      const periodo = santiagoDate().slice(0, 7);
      const generado = await this.libros.generate(
        { tenant: libro.tenant, tipo: libro.tipo, periodo, tipo_libro: 'ESPECIAL', tipo_envio: 'TOTAL', folio_notificacion: folio },
        caller,
        dado,
      );
      return { libro_id: generado.libro_id, folio_notificacion: folio, estado: generado.estado, error: null };
    } catch (err) {
      if (!(err instanceof ProblemException)) throw err;
      return { libro_id: null, folio_notificacion: folio, estado: null, error: `${err.error}: ${err.message}` };
    }
  }

  /** The tenant's set from the SII's certification pages, in the platform's certificate session (research sources §3). */
  private async downloadSet(tenant: string): Promise<string> {
    return this.certificado.withCookies((cookies) => this.sii.downloadSetDePruebas(tenant, cookieHeader(cookies)));
  }

  private async findTrackid(id: string): Promise<string | null> {
    return (await this.queries.get(id)).trackid;
  }

  private async follow(tenant: string, trackid: string): Promise<{ estado: string; glosa: string } | undefined> {
    const hasta = Date.now() + ESPERA_MS;
    let last: { estado: string; glosa: string } | undefined;
    while (Date.now() < hasta) {
      last = await this.queries.refreshEstado(tenant, trackid).catch(() => last);
      if (last && FINAL.has(last.estado)) return last;
      await new Promise((r) => setTimeout(r, 500));
    }
    return last;
  }
}

function parse(text: string): SetPruebas {
  try {
    return parseSetPruebas(text);
  } catch (err) {
    if (err instanceof DteError) throw new ProblemException(422, 'set_invalid', `Not a set de pruebas: ${err.message}`);
    throw err;
  }
}

/** Why a case cannot be issued here, or undefined. */
function unsupportedReason(caso: CasoSet, emitidos: Map<string, number>): string | undefined {
  if (caso.tipoDte === undefined) return `the platform does not issue ${caso.documento}`;
  if (caso.referencia && !emitidos.has(caso.referencia.caso)) return `it references CASO ${caso.referencia.caso}, which is not issued`;
  return undefined;
}

function item(set: SetPruebas, caso: CasoSet, tenant: string, receptor: ReceptorDto, fecha: string, indices: Map<string, number>): Item {
  let resueltas;
  try {
    resueltas = lineasDelCaso(set, caso.id);
  } catch (err) {
    throw new ProblemException(422, 'set_invalid', `CASO ${caso.id}: ${(err as Error).message}`);
  }
  const dto: EmitirDto = {
    tenant,
    tipo_dte: caso.tipoDte as EmitirDto['tipo_dte'],
    fecha_emision: fecha,
    // The set's cases state no payment terms; FmaPago is obligatory on facturas (Formato DTE v2.2, Cambios 31/05/2017
    // item 3): the cases are issued as contado (1), which needs no payment schedule.
    ...(caso.tipoDte === 33 || caso.tipoDte === 34 ? { forma_pago: 1 as const } : {}),
    receptor,
    detalle: resueltas.lineas.map((l) => ({
      nombre: l.nombre,
      cantidad: l.cantidad,
      precio_unitario: l.precio,
      ...(l.exento ? { exento: true } : {}),
      ...(l.descuentoPct ? { descuento_pct: l.descuentoPct } : {}),
    })),
    ...(resueltas.descuentoGlobalPct
      ? {
          descuentos_recargos: [
            { tipo: 'D' as const, valor: resueltas.descuentoGlobalPct, unidad: '%' as const, aplica: 'afecto' as const },
          ],
        }
      : {}),
    // Every document of the set names its case (docs/research/sii-protocol.md §10: without it the SII does not find it in the envío).
    referencias: [{ tipo_doc: 'SET', folio: '0', fecha, razon: `CASO ${caso.id}` }],
  };
  const ref = caso.referencia;
  const referenciasLote = ref
    ? [{ indice: indices.get(ref.caso) as number, codigo: caso.codigoReferencia ?? 3, razon: (caso.razon ?? '').slice(0, 90) }]
    : [];
  return { dto, referenciasLote };
}
