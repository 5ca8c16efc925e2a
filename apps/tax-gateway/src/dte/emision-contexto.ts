import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { santiagoDate } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { assertCafStamps } from '../caf/caf-verification';
import { CafEntity } from '../caf/entities/caf.entity';
import { CafStore } from '../caf/caf.store';
import { ContribuyenteService } from '../contribuyente/contribuyente.service';
import { EmisoresService } from '../emisores/emisores.service';
import { SignerClient } from '../signer/signer-client';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';

/** What every emission of a tenant needs: its registered issuer data, its legal data from the SII, the signing certificate. */
export type Contexto = Awaited<ReturnType<EmisionContexto['load']>>;

/** The issuer's context and the folio of an emission, DTE or boleta (docs/DESIGN.md §4.4 "dte"). */
@Injectable()
export class EmisionContexto {
  constructor(
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly contribuyente: ContribuyenteService,
    private readonly emisores: EmisoresService,
    private readonly cafs: CafStore,
    private readonly signer: SignerClient,
  ) {}

  /** Throws the issuer's 422 (`emisor_incomplete`, `taxpayer_incomplete`), 404 `taxpayer_not_found`, the signer's 502/503/504. */
  async load(tenant: string) {
    const emisor = await this.emisores.forEmission(tenant);
    // The issuer's legal data comes only from contribuyente/datos (docs/tax-gateway.md "Canonical data").
    const { record } = await this.contribuyente.lookup(tenant, tenant);
    const cert = await this.signer.certificate();
    return { emisor, record, cert };
  }

  /**
   * Canonical legal name of a receptor (spec hard rule 8; docs/tax-gateway.md "Taxpayer data"): the SII's when a source knows
   * the RUT (RznSocRecep holds 100 characters, SII Formato DTE v2.2), else `dada`, the caller's. Throws what the taxpayer
   * sources throw, except 404 `taxpayer_not_found`.
   */
  async receptor(rut: string, dada: string, tenant: string): Promise<{ razonSocial: string; fuente: 'sii' | 'solicitud' }> {
    try {
      const { record } = await this.contribuyente.lookup(rut, tenant);
      return { razonSocial: record.razon_social.slice(0, 100).trimEnd(), fuente: 'sii' };
    } catch (err) {
      if (!(err instanceof ProblemException) || err.getProblem().error !== 'taxpayer_not_found') throw err;
      return { razonSocial: dada, fuente: 'solicitud' };
    }
  }

  /** The next folio of `tipoDte` in the caller's transaction `m`; 409 `caf_missing`, 422 when the CAF cannot stamp `fecha`. */
  async takeFolio(m: EntityManager, tenant: string, tipoDte: number, fecha: string): Promise<{ caf: CafEntity; folio: number }> {
    const { caf, folio } = await this.cafs.takeFolio(m, tenant, tipoDte, santiagoDate());
    assertCafStamps(caf, fecha, this.settings.taxEnv, this.settings.simCafCertificatePem !== undefined);
    return { caf, folio };
  }
}
