import { Injectable, OnModuleInit } from '@nestjs/common';
import { EmitirDto, ReceptorDto } from '@lib/contracts';
import {
  DteError,
  DteParseError,
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
import { EmisionStore } from '../dte/emision.store';
import type { EmisionEntity } from '../dte/entities/emision.entity';
import { EmisionService } from '../dte/emision.service';
import type { JobView } from '../jobs/dto/job.dto';
import { JobQueue, type JobContext } from '../jobs/job-queue';
import { toJobView } from '../jobs/jobs.service';
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
/** The job that runs a set (docs/tax-gateway.md "Jobs"). */
export const RUN_JOB = 'certificacion.run';

type Item = Parameters<EmisionService['emitBatch']>[0][number];

/** The SII certification set (docs/tax-gateway.md "Certification"; docs/research/sii-protocol.md §10): all cases, in ONE EnvioDTE. */
@Injectable()
export class CertificacionService implements OnModuleInit {
  constructor(
    private readonly certificado: SesionCertificado,
    private readonly sii: SiiClient,
    private readonly emisiones: EmisionService,
    private readonly emisionStore: EmisionStore,
    private readonly libros: LibrosService,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): Promise<void> {
    return this.jobs.register<CertificacionRunDto>(RUN_JOB, (ctx) => this.execute(ctx));
  }

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

  /** A set given in the request is read first, so that a file that is no set or has nothing to issue queues nothing. */
  async run(dto: CertificacionRunDto, caller?: string): Promise<JobView> {
    if (dto.set_base64) this.planOrThrow(parse(textOf(dto.set_base64)), dto);
    return toJobView(await this.jobs.enqueue(RUN_JOB, dto.tenant, { ...dto }, caller));
  }

  /** Each case's estado is the one at the end of the job; the reconciler follows the envío on. */
  private async execute(ctx: JobContext<CertificacionRunDto>): Promise<CertificacionRunView> {
    const dto = ctx.datos;
    const text = dto.set_base64 ? textOf(dto.set_base64) : await this.downloadSet(dto.tenant);
    const set = parse(text);
    const { items, casos } = this.planOrThrow(set, dto);
    const atenciones = numerosDeAtencion(text);
    await ctx.setTotal(casos.length + (atenciones['SET LIBRO DE VENTAS'] ? 1 : 0) + (atenciones['SET LIBRO DE COMPRAS'] ? 1 : 0));
    const { emisiones, error } = await this.emisiones.emitBatch(items, ctx.caller ?? undefined);
    // Read again: the upload changed their estado and trackid after emitBatch built them.
    const resultados = await this.emisionStore.findMany(emisiones.map((e) => e.id));
    const porCaso = new Map(casos.filter((c) => c.indice !== undefined).map((c) => [c.caso, resultados[c.indice as number]]));
    const vistas = casos.map((c) => casoView(c, porCaso.get(c.caso)));
    for (const v of vistas) {
      await ctx.report(`CASO ${v.caso}`, v.estado, v.folio === null ? v.error : `tipo ${v.tipo_dte} folio ${v.folio}`);
    }
    const { libroVentas, libroCompras } = await this.generateLibrosDelSet(ctx, text, atenciones['SET LIBRO DE VENTAS']);
    const primera = resultados[0];
    return {
      tenant: dto.tenant,
      set: dto.set,
      numero_atencion: set.numeroAtencion,
      trackid: primera?.trackid ?? null,
      estado: primera?.estado ?? null,
      glosa: primera?.glosa ?? null,
      error: error ? `${error.error}: ${error.message}` : null,
      libro_ventas: libroVentas,
      libro_compras: libroCompras,
      casos: vistas,
    };
  }

  /** The set's books (SET LIBRO DE VENTAS, SET LIBRO DE COMPRAS), each reported to the job. */
  private async generateLibrosDelSet(ctx: JobContext<CertificacionRunDto>, text: string, atencionVentas: string | undefined) {
    const caller = ctx.caller ?? undefined;
    const libroVentas = await this.generateLibroVentas(ctx.tenant, atencionVentas, caller);
    const libroCompras = await this.generateLibroCompras(ctx.tenant, text, caller);
    for (const [item, libro] of [['SET LIBRO DE VENTAS', libroVentas] as const, ['SET LIBRO DE COMPRAS', libroCompras] as const]) {
      if (libro) await ctx.report(item, libro.estado ?? 'failed', libro.error ?? libro.libro_id);
    }
    return { libroVentas, libroCompras };
  }

  private planOrThrow(set: SetPruebas, dto: CertificacionRunDto) {
    const plan = this.plan(set, dto);
    if (plan.items.length === 0)
      throw new ProblemException(422, 'set_empty', `The set ${set.numeroAtencion} has no case this platform issues.`);
    return plan;
  }

  private plan(set: SetPruebas, dto: CertificacionRunDto) {
    const fecha = santiagoDate();
    const items: Item[] = [];
    const casos: CasoPlan[] = [];
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
}

/** The set as the SII handed it out: base64 of its ISO-8859-1 bytes. */
function textOf(setBase64: string): string {
  return Buffer.from(setBase64, 'base64').toString('latin1');
}

type CasoPlan = { caso: string; tipoDte?: number; indice?: number; error?: string };

function casoView(c: CasoPlan, e: EmisionEntity | undefined): CasoResultadoView {
  return {
    caso: c.caso,
    tipo_dte: c.tipoDte ?? null,
    folio: e?.folio ?? null,
    emision_id: e?.id ?? null,
    estado: e?.estado ?? 'no_soportado',
    resultado: e?.resultado ?? null,
    reparos: e && e.resultado !== 'pendiente' ? e.resultado === 'aceptado_con_reparos' : null,
    error: c.error ?? null,
  };
}

function parse(text: string): SetPruebas {
  try {
    return parseSetPruebas(text);
  } catch (err) {
    if (err instanceof DteError) throw new ProblemException(422, 'set_invalid', `Not a set de pruebas: ${err.message}`);
    throw err;
  }
}

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
    // FmaPago is obligatory on facturas (Formato DTE v2.2, Cambios 31/05/2017 item 3); the set states none: contado needs no schedule.
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
