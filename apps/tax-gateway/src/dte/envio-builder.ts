import { Injectable } from '@nestjs/common';
import {
  DocumentoInput,
  SII_RUT,
  buildDd,
  buildDte,
  buildEnvioDte,
  buildTed,
  ddInputFromDocumento,
  decodeXml,
  encodeLatin1,
  parseDteDocuments,
  santiagoTimestamp,
  validateXsd,
  verifyTedSignature,
} from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { CafEntity } from '../caf/entities/caf.entity';
import { SignerClient } from '../signer/signer-client';
import { Resolucion } from './emision-rules';

const LATIN1_DECLARATION = '<?xml version="1.0" encoding="ISO-8859-1"?>\n';

/**
 * Builds the signed EnvioDTE of one document (docs/research/sii-protocol.md §2.3, §3): DD -> FRMT from the signing service
 * (CAF key) -> TED -> Documento signed (`#F{folio}T{tipo}`) -> EnvioDTE with Caratula RutReceptor
 * 60803000-K -> envelope signed (`#SetDoc`) -> validated against EnvioDTE_v10.xsd. The signed bytes
 * are never re-serialized: the signed DTE is embedded as returned, and the signed envelope is what is
 * stored and uploaded.
 */
@Injectable()
export class EnvioBuilder {
  constructor(private readonly signer: SignerClient) {}

  /**
   * @param doc the Documento with its folio; `caf` the CAF that authorizes it; `rutEnvia` the
   *   certificate holder's RUT; `resolucion` the tenant's own SII authorization (Caratula).
   * @returns the signed EnvioDTE, ISO-8859-1 bytes.
   * @throws ProblemException 500 `xsd_invalid` (nothing is uploaded), 502 `signer_error` when the
   *   TED signature does not verify, signer problems; DteBuildError/DteEncodingError on bad input.
   */
  async build(doc: DocumentoInput, caf: CafEntity, rutEnvia: string, resolucion: Resolucion, now = new Date()): Promise<Buffer> {
    const tsted = santiagoTimestamp(now);
    const dd = buildDd(ddInputFromDocumento(doc, caf.cafXml.toString('latin1'), tsted));
    const frmt = await this.signer.signTed(caf.signerCafId, encodeLatin1(dd));
    if (!verifyTedSignature(dd, frmt, { m: caf.rsapkM, e: caf.rsapkE })) {
      throw new ProblemException(
        502,
        'signer_error',
        'The TED signature (FRMT) from the signing service does not verify with the CAF key.',
      );
    }
    const dte = buildDte(doc, buildTed(dd, frmt), tsted);
    // Signed as ISO-8859-1 with the SiiDte namespace in scope, exactly as it will sit in the envelope.
    const signedDte = await this.signer.signXml(encodeLatin1(LATIN1_DECLARATION + dte), `#F${doc.folio}T${doc.tipo_dte}`);
    return this.envelope([decodeXml(signedDte)], { rutEmisor: doc.emisor.rut, rutEnvia, rutReceptor: SII_RUT }, resolucion, now);
  }

  /**
   * The EnvioDTE of intercambio for the receiver of an emitted DTE (docs/research/sii-protocol.md §3.5): the
   * signed DTE exactly as it was uploaded, in a new envelope whose Caratula RutReceptor is the receiver,
   * signed (`#SetDoc`) and XSD-valid. `uploaded` is the stored EnvioDTE sent to the SII.
   * @throws ProblemException 500 `xsd_invalid`; signer problems; DteParseError when `uploaded` holds no DTE.
   */
  async intercambio(uploaded: Buffer, rutReceptor: string, rutEnvia: string, resolucion: Resolucion, now = new Date()): Promise<Buffer> {
    const [dte] = parseDteDocuments(uploaded);
    return this.envelope([dte.xml], { rutEmisor: dte.emisor.rut, rutEnvia, rutReceptor }, resolucion, now);
  }

  private async envelope(
    signedDtes: string[],
    ruts: { rutEmisor: string; rutEnvia: string; rutReceptor: string },
    resolucion: Resolucion,
    now: Date,
  ): Promise<Buffer> {
    const envio = buildEnvioDte({
      caratula: { ...ruts, fchResol: resolucion.fchResol, nroResol: resolucion.nroResol, tmstFirmaEnv: santiagoTimestamp(now) },
      signedDtes,
    });
    const signedEnvio = await this.signer.signXml(encodeLatin1(envio), '#SetDoc');
    const check = await validateXsd(signedEnvio, 'EnvioDTE');
    if (!check.valid) {
      throw new ProblemException(500, 'xsd_invalid', 'The EnvioDTE does not validate against EnvioDTE_v10.xsd; nothing was uploaded.', {
        xsd_errors: check.errors.slice(0, 20),
      });
    }
    return signedEnvio;
  }
}
