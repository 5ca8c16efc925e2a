import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import { DteImageError, normalizeLogo, renderDtePdf, type FormatoPdf } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { EmisoresService } from '../emisores/emisores.service';
import { asDteProblem, asDteProblemAsync } from './emision-rules';
import { EmisionStore } from './emision.store';
import { EmisionEntity } from './entities/emision.entity';
import { dteOf } from './envio-builder';

/** Longest a PDF may take to print (a LETTER page of a DTE takes tens of milliseconds; a thermal roll is laid out twice). */
export const PDF_TIME_LIMIT_MS = 10_000;

export interface DtePdf {
  pdf: Buffer;
  filename: string;
}

/**
 * GET /tax/dte/{emision_id}/pdf (docs/tax-gateway.md "Printed documents"): rendered from the exact stored EnvioDTE, stored once per copy
 * and form.
 */
@Injectable()
export class EmisionPdfService {
  private readonly logger = new Logger(EmisionPdfService.name);

  constructor(
    private readonly store: EmisionStore,
    private readonly emisores: EmisoresService,
  ) {}

  /** @param formato `carta` (LETTER) or `termica` (80 mm roll; no CEDIBLE copy). */
  async pdf(id: string, cedible: boolean, formato: FormatoPdf = 'carta'): Promise<DtePdf> {
    const e = await this.store.find(id);
    if (!e) throw new ProblemException(404, 'emission_not_found', `No emission ${id}.`);
    if (cedible && e.tipoDte !== 33 && e.tipoDte !== 34) {
      throw new ProblemException(422, 'cedible_not_applicable', 'Only a factura (33 or 34) has a CEDIBLE copy (Ley 19.983).');
    }
    if (cedible && formato === 'termica') {
      throw new ProblemException(422, 'cedible_not_applicable', 'The thermal roll has no CEDIBLE copy; ask for formato=carta.');
    }
    const filename = `F${e.folio}T${e.tipoDte}${cedible ? '-cedible' : ''}${formato === 'termica' ? '-termica' : ''}.pdf`;
    const stored = await this.store.findPdf(id, cedible, formato);
    if (stored) return { pdf: stored, filename };
    const pdf = await this.render(e, cedible, formato);
    await this.store.insertPdf(id, cedible, formato, pdf);
    return { pdf, filename };
  }

  private async render(e: EmisionEntity, cedible: boolean, formato: FormatoPdf): Promise<Buffer> {
    const emisor = await this.emisores.forEmission(e.tenant);
    const dte = asDteProblem(() => dteOf(e.xml, e));
    const oficinaSii = emisor.oficinaSii ?? dte.emisor.comuna ?? '';
    const resolucion = { fecha: emisor.fechaResolucion, numero: emisor.numeroResolucion };
    const logo = await this.printableLogo(e.tenant, emisor.logo);
    // The DTE element itself: an envelope may hold several documents (a certification set).
    const rendering = asDteProblemAsync(() => renderDtePdf(dte.xml, { resolucion, oficinaSii, cedible, logo, formato }));
    return withTimeLimit(rendering, `F${e.folio}T${e.tipoDte}`);
  }

  /** A stored logo is input too (it may predate PUT's checks): one that fails is left out rather than failing the PDF. */
  private async printableLogo(tenant: string, stored: Buffer | null): Promise<Buffer | undefined> {
    if (!stored) return undefined;
    try {
      return await normalizeLogo(stored);
    } catch (err) {
      if (!(err instanceof DteImageError)) throw err;
      this.logger.warn(
        `tenant ${tenant}: the stored logo is left out of the PDF (${err.message}); replace it with PUT /tax/emisores/${tenant}`,
      );
      return undefined;
    }
  }
}

/** The rendering, or 503 `pdf_timeout` when it takes longer than {@link PDF_TIME_LIMIT_MS}. */
async function withTimeLimit(rendering: Promise<Buffer>, nombre: string): Promise<Buffer> {
  const abort = new AbortController();
  const limit = delay(PDF_TIME_LIMIT_MS, undefined, { signal: abort.signal, ref: false }).then(() => {
    throw new ProblemException(
      503,
      'pdf_timeout',
      `Printing ${nombre} took longer than ${PDF_TIME_LIMIT_MS / 1000} s; nothing was stored. Try again.`,
      {
        headers: { 'Retry-After': '5' },
      },
    );
  });
  limit.catch(() => undefined);
  try {
    return await Promise.race([rendering, limit]);
  } finally {
    abort.abort();
  }
}
