import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { EmisoresService } from '../emisores/emisores.service';
import { SignerClient } from '../signer/signer-client';
import { asDteProblemAsync, resolucionOf } from './emision-rules';
import { EmisionStore } from './emision.store';
import { EnvioBuilder } from './envio-builder';

/**
 * The EnvioDTE for the receiver's intercambio address (docs/tax-gateway.md "Reception"), built on request: the DTE inside is the one the
 * SII received, byte for byte.
 */
@Injectable()
export class EmisionIntercambioService {
  constructor(
    private readonly store: EmisionStore,
    private readonly emisores: EmisoresService,
    private readonly signer: SignerClient,
    private readonly builder: EnvioBuilder,
  ) {}

  async buildEnvio(id: string): Promise<{ xml: Buffer; filename: string }> {
    const e = await this.store.find(id);
    if (!e) throw new ProblemException(404, 'emission_not_found', `No emission ${id}.`);
    const emisor = await this.emisores.forEmission(e.tenant);
    const { holder_rut } = await this.signer.certificate();
    const xml = await asDteProblemAsync(() => this.builder.buildIntercambio(e.xml, e, e.receptorRut, holder_rut, resolucionOf(emisor)));
    return { xml, filename: `EnvioDTE_${e.tenant}_T${e.tipoDte}F${e.folio}.xml` };
  }
}
