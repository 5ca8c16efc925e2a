import { Injectable } from '@nestjs/common';
import {
  DECLARACION_LATIN1,
  DocumentoInput,
  DteParseError,
  type ParsedDte,
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
  build(doc: DocumentoInput, caf: CafEntity, rutEnvia: string, resolucion: Resolucion, now = new Date()): Promise<Buffer> {
    return this.buildLote([{ doc, caf }], rutEnvia, resolucion, now);
  }

  /**
   * One signed EnvioDTE holding several documents of one issuer, in the given order (a certification set
   * goes to the SII this way, docs/research/sii-protocol.md §10). Same steps and errors as {@link build}.
   */
  async buildLote(
    items: { doc: DocumentoInput; caf: CafEntity }[],
    rutEnvia: string,
    resolucion: Resolucion,
    now = new Date(),
  ): Promise<Buffer> {
    const signed: string[] = [];
    for (const { doc, caf } of items) signed.push(await this.signedDte(doc, caf, now));
    return this.envelope(signed, { rutEmisor: items[0].doc.emisor.rut, rutEnvia, rutReceptor: SII_RUT }, resolucion, now);
  }

  private async signedDte(doc: DocumentoInput, caf: CafEntity, now: Date): Promise<string> {
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
    const signedDte = await this.signer.signXml(encodeLatin1(DECLARACION_LATIN1 + dte), `#F${doc.folio}T${doc.tipo_dte}`);
    return decodeXml(signedDte);
  }

  /**
   * The EnvioDTE of intercambio for the receiver of an emitted DTE (docs/research/sii-protocol.md §3.5): the
   * signed DTE (the one of `documento` in an envelope of several) exactly as it was uploaded, in a new envelope whose Caratula RutReceptor is the receiver,
   * signed (`#SetDoc`) and XSD-valid. `uploaded` is the stored EnvioDTE sent to the SII.
   * @throws ProblemException 500 `xsd_invalid`; signer problems; DteParseError when `uploaded` holds no DTE.
   */
  async intercambio(
    uploaded: Buffer,
    documento: { tipoDte: number; folio: number },
    rutReceptor: string,
    rutEnvia: string,
    resolucion: Resolucion,
    now = new Date(),
  ): Promise<Buffer> {
    const dte = dteOf(uploaded, documento);
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

/**
 * The DTE of one document inside a stored EnvioDTE (one of several when a set went in one envelope).
 * @throws DteParseError when the envelope does not hold it.
 */
export function dteOf(envio: Buffer, documento: { tipoDte: number; folio: number }): ParsedDte {
  const dte = parseDteDocuments(envio).find((d) => d.tipo_dte === documento.tipoDte && d.folio === documento.folio);
  if (!dte) throw new DteParseError(`the EnvioDTE holds no DTE ${documento.tipoDte} N° ${documento.folio}`);
  return dte;
}
