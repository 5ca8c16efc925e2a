import { Injectable, Logger } from '@nestjs/common';
import { pickFields } from '@lib/platform';
import { createHash, randomUUID } from 'node:crypto';
import {
  buildLibroCompraVenta,
  buildLibroGuia,
  encodeLatin1,
  resultadoDeLibro,
  santiagoTimestamp,
  type LibroDetalleInput,
  type LibroGuiaDetalleInput,
} from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { asDteProblem } from '../dte/emision-rules';
import { EmisoresService } from '../emisores/emisores.service';
import { RESENDABLE } from '../envio/envio-estados';
import { EnvioPipeline } from '../envio/envio-pipeline';
import { toHistorialView } from '../envio/entities/estado-historial.columns';
import { SignerClient } from '../signer/signer-client';
import type { GenerarLibroDto, LibroDetailView, LibroView, LibroListQueryDto } from './dto/libro.dto';
import { LibroEntity, type LibroTotal } from './entities/libro.entity';
import { classifyIvaCompras, validateIvaCompras } from './iva-compras';
import { LibrosStore } from './libros.store';

/** IECV books (docs/tax-gateway.md "Books"; docs/research/sii-protocol.md §3.6), submitted through the pipeline (envio/). */
@Injectable()
export class LibrosService {
  private readonly logger = new Logger(LibrosService.name);

  constructor(
    private readonly store: LibrosStore,
    private readonly emisores: EmisoresService,
    private readonly signer: SignerClient,
    private readonly pipeline: EnvioPipeline,
  ) {}

  /** Each generation stores the next version (LibrosStore.insertNextVersion serializes them); `dado`: a certification set's documents. */
  async generate(dto: GenerarLibroDto, caller?: string, dado?: DetalleDado): Promise<LibroView> {
    const tipo = dto.tipo;
    if (tipo === 'guia') return this.generateGuia(dto, caller);
    const ivaCompras = dado ? [] : (dto.iva_compras ?? []);
    validateIvaCompras(ivaCompras, dto.factor_proporcionalidad);
    const factor = dado
      ? dado.factorProporcionalidad
      : dto.factor_proporcionalidad === undefined
        ? undefined
        : Number(dto.factor_proporcionalidad);
    const { emisor, holder_rut } = await this.firmante(dto.tenant);
    const key = { tenant: dto.tenant, tipo, periodo: dto.periodo };
    const libro = await this.store.insertNextVersion(key, !dado, async (version, documentos) => {
      const detalle = dado?.detalle ?? classifyIvaCompras(documentos, ivaCompras);
      const id = libroId(dto, version);
      const xml = asDteProblem(() =>
        buildLibroCompraVenta({
          id,
          caratula: { ...caratulaDe(dto, holder_rut, emisor), tipoOperacion: tipo === 'venta' ? 'VENTA' : 'COMPRA' },
          detalle,
          factorProporcionalidad: factor,
          tmstFirma: santiagoTimestamp(new Date()),
        }),
      );
      const signed = await this.pipeline.signValidated(encodeLatin1(xml), `#${id}`, 'LibroCV');
      return this.buildEntity(dto, version, sumTotalesPorTipo(detalle, tipo === 'compra'), detalle.length, signed, caller);
    });
    return toLibroView(libro);
  }

  /** A LibroGuia (docs/tax-gateway.md "Books"): the period's guías, those in `guias_anuladas` as voided after sending (Anulado 2). */
  private async generateGuia(dto: GenerarLibroDto, caller?: string): Promise<LibroView> {
    const { emisor, holder_rut } = await this.firmante(dto.tenant);
    const anuladas = dto.guias_anuladas ?? [];
    const libro = await this.store.insertNextGuiaVersion(dto, anuladas, async (version, guias) => {
      const ajenas = anuladas.filter((folio) => !guias.some((g) => g.folio === folio));
      if (ajenas.length > 0) {
        throw new ProblemException(422, 'guia_not_found', `No guía sent in ${dto.periodo} has folio ${ajenas.join(', ')}.`, {
          folios: ajenas,
        });
      }
      const facturadas = guias.filter((g) => g.anulado && g.referencia).map((g) => g.folio);
      if (facturadas.length > 0) {
        throw new ProblemException(
          422,
          'guia_invoiced',
          `Guía ${facturadas.join(', ')} is referenced by a factura: a billed guía is not void (a nota de crédito corrects the factura).`,
          { folios: facturadas },
        );
      }
      const id = libroId(dto, version);
      const caratula = { ...caratulaDe(dto, holder_rut, emisor), folioNotificacion: dto.folio_notificacion as number };
      const xml = asDteProblem(() => buildLibroGuia({ id, caratula, detalle: guias, tmstFirma: santiagoTimestamp(new Date()) }));
      const signed = await this.pipeline.signValidated(encodeLatin1(xml), `#${id}`, 'LibroGuia');
      return this.buildEntity({ ...dto, tipo_libro: 'ESPECIAL' }, version, totalesGuia(guias), guias.length, signed, caller);
    });
    return toLibroView(libro);
  }

  /** The issuer's resolution (422 `emisor_incomplete` without it) and the certificate holder who sends the book. */
  private async firmante(tenant: string) {
    const emisor = await this.emisores.forEmission(tenant);
    const { holder_rut } = await this.signer.certificate();
    return { emisor, holder_rut };
  }

  private buildEntity(
    dto: GenerarLibroDto,
    version: number,
    totales: LibroTotal[],
    documentos: number,
    xml: Buffer,
    caller?: string,
  ): LibroEntity {
    const now = new Date();
    return Object.assign(new LibroEntity(), {
      id: randomUUID(),
      tenant: dto.tenant,
      tipo: dto.tipo,
      periodo: dto.periodo,
      version,
      tipoLibro: dto.tipo_libro ?? 'MENSUAL',
      tipoEnvio: dto.tipo_envio ?? 'TOTAL',
      codigoAutorizacion: dto.codigo_autorizacion ?? null,
      estado: 'signed',
      resultado: 'pendiente',
      glosa: null,
      trackid: null,
      totales,
      documentos,
      xml,
      xmlSha256: createHash('sha256').update(xml).digest('hex'),
      caller: caller ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** One upload per claim; a failed upload leaves `upload_failed`, one never sent (breaker open) `signed`: both can be sent again. */
  async send(id: string): Promise<LibroView> {
    const claimed = await this.claim(id);
    try {
      const { holder_rut } = await this.signer.certificate();
      const filename = `${claimed.tipo}_${claimed.periodo}_v${claimed.version}.xml`;
      const trackid = await this.pipeline.upload({ tenant: claimed.tenant, rutEnvia: holder_rut, filename, xml: claimed.xml });
      await this.store.transition(id, 'uploaded', { trackid });
    } catch (err) {
      const { problem, estado, body } = this.pipeline.failureOf(err);
      await this.store.transition(id, estado, {}, body);
      this.logger.warn(`libro ${id}: upload failed (${problem.error}), ${estado}`);
      throw problem;
    }
    return toLibroView(await this.findOrThrow(id));
  }

  private async claim(id: string): Promise<LibroEntity> {
    const claimed = await this.store.claimForUpload(id, RESENDABLE);
    if (claimed) return claimed;
    const current = await this.findOrThrow(id);
    throw new ProblemException(
      409,
      'libro_not_sendable',
      `Book ${id} is ${current.estado}; only a book never sent (signed) or whose upload failed (upload_failed) is uploaded.`,
      { estado: current.estado },
    );
  }

  /** QueryEstUp of an uploaded book (the reconciler's step, docs/tax-gateway.md "Reconciler"): its state and `resultado` recorded. */
  async followEstado(libro: LibroEntity): Promise<string> {
    const answer = await this.pipeline.queryEstado(libro.tenant, libro.trackid as string);
    await this.store.transition(libro.id, answer.estado, { glosa: answer.glosa || null, resultado: resultadoDeLibro(answer.estado) });
    return answer.estado;
  }

  /** The stored state: the reconciler follows the SII's answer. */
  async detail(id: string): Promise<LibroDetailView> {
    const libro = await this.findOrThrow(id);
    const historial = (await this.store.listHistory(id)).map(toHistorialView);
    return { ...toLibroView(libro), xml_base64: libro.xml.toString('base64'), historial };
  }

  async findOrThrow(id: string): Promise<LibroEntity> {
    const libro = await this.store.find(id);
    if (!libro) throw new ProblemException(404, 'libro_not_found', `No book ${id}.`);
    return libro;
  }

  async page(q: LibroListQueryDto): Promise<{ items: LibroView[]; total: number }> {
    const [items, total] = await this.store.findPage(q);
    return { items: items.map(toLibroView), total };
  }
}

/** A book's documents given by the caller instead of read from the gateway's records. */
export interface DetalleDado {
  detalle: LibroDetalleInput[];
  /** Purchases: the proportionality factor of the IVA de uso común. */
  factorProporcionalidad?: number;
}

function libroId(dto: GenerarLibroDto, version: number): string {
  return `LIBRO_${dto.tipo.toUpperCase()}_${dto.periodo.replace('-', '_')}_V${version}`;
}

/** The Caratula both books share (LibroCV_v10.xsd, LibroGuia_v10.xsd); the resolution is the issuer's. */
function caratulaDe(dto: GenerarLibroDto, rutEnvia: string, resolucion: { fechaResolucion: string; numeroResolucion: number }) {
  return {
    rutEmisorLibro: dto.tenant,
    rutEnvia,
    periodoTributario: dto.periodo,
    fchResol: resolucion.fechaResolucion,
    nroResol: resolucion.numeroResolucion,
    tipoLibro: dto.tipo_libro ?? 'MENSUAL',
    tipoEnvio: dto.tipo_envio ?? 'TOTAL',
    ...(dto.codigo_autorizacion ? { codAutRec: dto.codigo_autorizacion } : {}),
    ...(dto.folio_notificacion ? { folioNotificacion: dto.folio_notificacion } : {}),
    ...(dto.nro_segmento !== undefined ? { nroSegmento: dto.nro_segmento } : {}),
  };
}

/** A LibroGuia's one row of totals: its guías not voided, CLP. */
function totalesGuia(guias: LibroGuiaDetalleInput[]): LibroTotal[] {
  if (guias.length === 0) return [];
  const validas = guias.filter((g) => g.anulado === undefined);
  const suma = (f: (g: LibroGuiaDetalleInput) => number) => validas.reduce((t, g) => t + f(g), 0);
  return [
    {
      tipo_dte: 52,
      documentos: validas.length,
      exento: 0,
      neto: suma((g) => g.neto),
      iva: suma((g) => g.iva),
      total: suma((g) => g.total),
    },
  ];
}

/** As libs/dte buildLibroCompraVenta states them: voided folios apart; a purchases book's `iva` is the recoverable IVA. */
function sumTotalesPorTipo(detalle: LibroDetalleInput[], compra: boolean): LibroTotal[] {
  const byType = new Map<number, LibroTotal>();
  for (const d of detalle) {
    const t = byType.get(d.tipoDoc) ?? { tipo_dte: d.tipoDoc, documentos: 0, exento: 0, neto: 0, iva: 0, total: 0 };
    byType.set(d.tipoDoc, t);
    if (d.anulado) continue;
    const aparte = compra ? (d.ivaNoRecuperable ?? []).reduce((s, n) => s + n.monto, 0) + (d.ivaUsoComun ?? 0) : 0;
    byType.set(d.tipoDoc, {
      ...t,
      documentos: t.documentos + 1,
      exento: t.exento + d.exento,
      neto: t.neto + d.neto,
      iva: t.iva + d.iva - aparte,
      total: t.total + d.total,
    });
  }
  return [...byType.values()].sort((a, b) => a.tipo_dte - b.tipo_dte);
}

function toLibroView(l: LibroEntity): LibroView {
  return {
    libro_id: l.id,
    ...pickFields(l, 'tenant', 'tipo', 'periodo', 'version', 'estado', 'resultado', 'glosa', 'trackid', 'totales', 'documentos'),
    tipo_libro: l.tipoLibro,
    tipo_envio: l.tipoEnvio,
    sha256: l.xmlSha256,
    created_at: l.createdAt.toISOString(),
  };
}
