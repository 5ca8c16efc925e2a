import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { renderDtePdf } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { EmisoresService } from '../emisores/emisores.service';
import { asDteProblem, asDteProblemAsync } from './emision-rules';
import { EmisionStore } from './emision.store';
import { DtePdfEntity } from './entities/dte-pdf.entity';
import { EmisionEntity } from './entities/emision.entity';
import { dteOf } from './envio-builder';

/** A printed DTE and the name to offer it under. */
export interface DtePdf {
  pdf: Buffer;
  filename: string;
}

/**
 * GET /tax/dte/{emision_id}/pdf (docs/tax-gateway.md "Printed documents"): the printed representation
 * of an emitted DTE, rendered from the exact stored EnvioDTE with the issuer's resolution, SII office and
 * logo (libs/dte `renderDtePdf`), stored once per copy and regenerated when missing.
 */
@Injectable()
export class EmisionPdfService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: EmisionStore,
    private readonly emisores: EmisoresService,
  ) {}

  /**
   * @throws ProblemException 404 `emission_not_found`; 422 `cedible_not_applicable` (CEDIBLE of a
   *   note), `emisor_incomplete`, `dte_invalid`.
   */
  async pdf(id: string, cedible: boolean): Promise<DtePdf> {
    const e = await this.store.find(id);
    if (!e) throw new ProblemException(404, 'emission_not_found', `No emission ${id}.`);
    if (cedible && e.tipoDte !== 33 && e.tipoDte !== 34) {
      throw new ProblemException(422, 'cedible_not_applicable', 'Only a factura (33 or 34) has a CEDIBLE copy (Ley 19.983).');
    }
    const filename = `F${e.folio}T${e.tipoDte}${cedible ? '-cedible' : ''}.pdf`;
    const repo = this.db.getRepository(DtePdfEntity);
    const stored = await repo.findOneBy({ emisionId: id, cedible });
    if (stored) return { pdf: stored.pdf, filename };
    const pdf = await this.render(e, cedible);
    await repo.createQueryBuilder().insert().values({ emisionId: id, cedible, pdf }).orIgnore().execute();
    return { pdf, filename };
  }

  private async render(e: EmisionEntity, cedible: boolean): Promise<Buffer> {
    const emisor = await this.emisores.forEmission(e.tenant);
    const dte = asDteProblem(() => dteOf(e.xml, e));
    const oficinaSii = emisor.oficinaSii ?? dte.emisor.comuna ?? '';
    const resolucion = { fecha: emisor.fechaResolucion, numero: emisor.numeroResolucion };
    // The DTE element itself: an envelope may hold several documents (a certification set).
    return asDteProblemAsync(() => renderDtePdf(dte.xml, { resolucion, oficinaSii, cedible, logo: emisor.logo ?? undefined }));
  }
}
