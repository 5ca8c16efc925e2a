import { Injectable, Logger } from '@nestjs/common';
import { pickFields } from '@lib/platform';
import { createHash, randomUUID } from 'node:crypto';
import {
  ESTADOS_LIBRO_FINALES,
  buildLibroCompraVenta,
  encodeLatin1,
  santiagoTimestamp,
  validateXsd,
  type LibroDetalleInput,
} from '@lib/dte';
import { ProblemException, errorText } from '@lib/schemas';
import { TokenService } from '../auth/token.service';
import { asDteProblem } from '../dte/emision-rules';
import { EmisoresService } from '../emisores/emisores.service';
import { SiiClient } from '../sii/sii-client';
import { SignerClient } from '../signer/signer-client';
import type { GenerarLibroDto, LibroDetailView, LibroView, LibroListQueryDto } from './dto/libro.dto';
import { LibroEntity, type LibroTotal } from './entities/libro.entity';
import { classifyIvaCompras, validateIvaCompras } from './iva-compras';
import { LibrosStore } from './libros.store';

/** Estados from which a book may be uploaded: never sent, or the upload failed. */
const ENVIABLE = ['generado', 'envio_fallido'];
/** SII estados after which QueryEstUp is no longer asked (docs/research/sii-protocol.md §2.5; LOK/LRH for books). */
const FINAL: ReadonlySet<string> = new Set(ESTADOS_LIBRO_FINALES);

/** IECV books (docs/tax-gateway.md "Books"; docs/research/sii-protocol.md §3.6). */
@Injectable()
export class LibrosService {
  private readonly logger = new Logger(LibrosService.name);

  constructor(
    private readonly store: LibrosStore,
    private readonly emisores: EmisoresService,
    private readonly signer: SignerClient,
    private readonly tokens: TokenService,
    private readonly sii: SiiClient,
  ) {}

  /**
   * Each generation stores the next version (LibrosStore.insertNextVersion serializes them); `dado` is a certification set's documents.
   * Nothing is stored when signing or the XSD fails.
   */
  async generate(dto: GenerarLibroDto, caller?: string, dado?: DetalleDado): Promise<LibroView> {
    const ivaCompras = dado ? [] : (dto.iva_compras ?? []);
    validateIvaCompras(ivaCompras, dto.factor_proporcionalidad);
    const factor = dado
      ? dado.factorProporcionalidad
      : dto.factor_proporcionalidad === undefined
        ? undefined
        : Number(dto.factor_proporcionalidad);
    const emisor = await this.emisores.forEmission(dto.tenant);
    const { holder_rut } = await this.signer.certificate();
    const libro = await this.store.insertNextVersion(dto, !dado, async (version, documentos) => {
      const detalle = dado?.detalle ?? classifyIvaCompras(documentos, ivaCompras);
      const xml = await this.signLibro(dto, detalle, version, holder_rut, emisor, factor);
      return this.buildEntity(dto, version, detalle, xml, caller);
    });
    return toLibroView(libro);
  }

  private async signLibro(
    dto: GenerarLibroDto,
    detalle: LibroDetalleInput[],
    version: number,
    rutEnvia: string,
    resolucion: { fechaResolucion: string; numeroResolucion: number },
    factorProporcionalidad?: number,
  ): Promise<Buffer> {
    const id = `LIBRO_${dto.tipo.toUpperCase()}_${dto.periodo.replace('-', '_')}_V${version}`;
    const xml = asDteProblem(() =>
      buildLibroCompraVenta({
        id,
        caratula: {
          rutEmisorLibro: dto.tenant,
          rutEnvia,
          periodoTributario: dto.periodo,
          fchResol: resolucion.fechaResolucion,
          nroResol: resolucion.numeroResolucion,
          tipoOperacion: dto.tipo === 'venta' ? 'VENTA' : 'COMPRA',
          tipoLibro: dto.tipo_libro ?? 'MENSUAL',
          tipoEnvio: dto.tipo_envio ?? 'TOTAL',
          ...(dto.codigo_autorizacion ? { codAutRec: dto.codigo_autorizacion } : {}),
          ...(dto.folio_notificacion ? { folioNotificacion: dto.folio_notificacion } : {}),
          ...(dto.nro_segmento !== undefined ? { nroSegmento: dto.nro_segmento } : {}),
        },
        detalle,
        factorProporcionalidad,
        tmstFirma: santiagoTimestamp(new Date()),
      }),
    );
    const signed = await this.signer.signXml(encodeLatin1(xml), `#${id}`);
    const check = await validateXsd(signed, 'LibroCV');
    if (!check.valid) {
      throw new ProblemException(500, 'xsd_invalid', 'The book does not validate against LibroCV_v10.xsd; nothing was stored.', {
        xsd_errors: check.errors.slice(0, 20),
      });
    }
    return signed;
  }

  private buildEntity(dto: GenerarLibroDto, version: number, detalle: LibroDetalleInput[], xml: Buffer, caller?: string): LibroEntity {
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
      estado: 'generado',
      glosa: null,
      trackid: null,
      totales: sumTotalesPorTipo(detalle, dto.tipo === 'compra'),
      documentos: detalle.length,
      xml,
      xmlSha256: createHash('sha256').update(xml).digest('hex'),
      historial: [{ estado: 'generado', glosa: null, at: now.toISOString() }],
      caller: caller ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** One upload per claim: `enviando` is taken atomically; a failed upload leaves it `envio_fallido`. */
  async send(id: string): Promise<LibroView> {
    const claimed = await this.claim(id);
    const { holder_rut } = await this.signer.certificate().catch(async (err) => {
      await this.transition(claimed, 'envio_fallido', errorText(err));
      throw err;
    });
    try {
      const trackid = await this.tokens.withToken(claimed.tenant, (token) =>
        this.sii.upload({
          rutSender: holder_rut,
          rutCompany: claimed.tenant,
          token,
          filename: `${claimed.tipo}_${claimed.periodo}_v${claimed.version}.xml`,
          file: claimed.xml,
        }),
      );
      return toLibroView(await this.transition(claimed, 'enviado', null, { trackid }));
    } catch (err) {
      const reason = errorText(err);
      await this.transition(claimed, 'envio_fallido', reason);
      this.logger.warn(`libro ${id}: upload failed (${reason})`);
      throw err;
    }
  }

  private async claim(id: string): Promise<LibroEntity> {
    const claimed = await this.store.claim(id, ENVIABLE, 'enviando');
    const current = await this.findOrThrow(id);
    if (!claimed) {
      throw new ProblemException(
        409,
        'libro_not_sendable',
        `Book ${id} is ${current.estado}; only a book generado or envio_fallido is uploaded.`,
      );
    }
    return this.transition(current, 'enviando', null);
  }

  private async transition(
    libro: LibroEntity,
    estado: string,
    glosa: string | null,
    patch: Partial<LibroEntity> = {},
  ): Promise<LibroEntity> {
    const historial = [...libro.historial, { estado, glosa, at: new Date().toISOString() }];
    Object.assign(libro, { estado, glosa, historial, ...patch });
    await this.store.update(libro.id, { estado, glosa, historial, ...patch });
    return libro;
  }

  /** A book still with the SII is refreshed with QueryEstUp first (best effort). */
  async detail(id: string): Promise<LibroDetailView> {
    let libro = await this.findOrThrow(id);
    if (libro.trackid && !FINAL.has(libro.estado)) libro = await this.refresh(libro);
    return { ...toLibroView(libro), xml_base64: libro.xml.toString('base64'), historial: libro.historial };
  }

  private async refresh(libro: LibroEntity): Promise<LibroEntity> {
    try {
      const answer = await this.tokens.withToken(libro.tenant, (token) => this.sii.getEstUp(libro.tenant, libro.trackid as string, token));
      return answer.estado === libro.estado ? libro : await this.transition(libro, answer.estado, answer.glosa);
    } catch (err) {
      // The stored estado still answers; the next read asks again.
      this.logger.warn(`libro ${libro.id}: QueryEstUp failed (${errorText(err)})`);
      return libro;
    }
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
    ...pickFields(l, 'tenant', 'tipo', 'periodo', 'version', 'estado', 'glosa', 'trackid', 'totales', 'documentos'),
    tipo_libro: l.tipoLibro,
    tipo_envio: l.tipoEnvio,
    sha256: l.xmlSha256,
    created_at: l.createdAt.toISOString(),
  };
}
