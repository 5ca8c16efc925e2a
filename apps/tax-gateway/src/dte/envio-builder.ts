import { Injectable } from '@nestjs/common';
import {
  DECLARACION_LATIN1,
  DocumentoInput,
  DteParseError,
  type ParsedDte,
  SII_RUT,
  buildDd,
  buildDte,
  buildEnvioBoleta,
  buildEnvioDte,
  buildTed,
  ddInputFromDocumento,
  decodeXml,
  encodeLatin1,
  parseDteDocuments,
  santiagoTimestamp,
  verifyTedSignature,
} from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { CafEntity } from '../caf/entities/caf.entity';
import { EnvioPipeline } from '../envio/envio-pipeline';
import { SignerClient } from '../signer/signer-client';
import { Resolucion } from './emision-rules';

/** docs/research/sii-protocol.md §2.3, §3: DD, FRMT, TED, Documento and EnvioDTE signed, XSD; signed bytes never re-serialized. */
@Injectable()
export class EnvioBuilder {
  constructor(
    private readonly signer: SignerClient,
    private readonly pipeline: EnvioPipeline,
  ) {}

  build(doc: DocumentoInput, caf: CafEntity, rutEnvia: string, resolucion: Resolucion, now = new Date()): Promise<Buffer> {
    return this.buildLote([{ doc, caf }], rutEnvia, resolucion, now);
  }

  /** Several documents of one issuer, in order: a certification set goes this way (docs/research/sii-protocol.md §10). */
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
    const ted = await this.timbre(buildDd(ddInputFromDocumento(doc, caf.cafXml.toString('latin1'), tsted)), caf);
    return this.signDocumento(buildDte(doc, ted, tsted), `#F${doc.folio}T${doc.tipo_dte}`);
  }

  /** The TED of `dd` (docs/research/sii-protocol.md §3.3): FRMT checked against the CAF's public key before use (502 `signer_error`). */
  async timbre(dd: string, caf: CafEntity): Promise<string> {
    const frmt = await this.signer.signTed(caf.signerCafId, encodeLatin1(dd));
    if (!verifyTedSignature(dd, frmt, { m: caf.rsapkM, e: caf.rsapkE })) {
      throw new ProblemException(
        502,
        'signer_error',
        'The TED signature (FRMT) from the signing service does not verify with the CAF key.',
      );
    }
    return buildTed(dd, frmt);
  }

  /** One `<DTE>` signed over its Documento `reference`, as ISO-8859-1 with the SiiDte namespace in scope, exactly as it will sit in an envelope. */
  async signDocumento(dte: string, reference: string): Promise<string> {
    return decodeXml(await this.signer.signXml(encodeLatin1(DECLARACION_LATIN1 + dte), reference));
  }

  /** An EnvioBOLETA of one issuer's signed boletas (1 to 500), signed over `#SetDoc` and valid against EnvioBOLETA_v11.xsd. */
  envioBoleta(
    signedBoletas: string[],
    ruts: { rutEmisor: string; rutEnvia: string },
    resolucion: Resolucion,
    now = new Date(),
  ): Promise<Buffer> {
    const envio = buildEnvioBoleta({
      caratula: {
        ...ruts,
        rutReceptor: SII_RUT,
        fchResol: resolucion.fchResol,
        nroResol: resolucion.nroResol,
        tmstFirmaEnv: santiagoTimestamp(now),
      },
      signedDtes: signedBoletas,
    });
    return this.pipeline.signValidated(encodeLatin1(envio), '#SetDoc', 'EnvioBOLETA');
  }

  /** Intercambio copy (docs/research/sii-protocol.md §3.5): the uploaded signed DTE, byte for byte, in an envelope to the receiver. */
  async buildIntercambio(
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
    return this.pipeline.signValidated(encodeLatin1(envio), '#SetDoc', 'EnvioDTE');
  }
}

/** The DTE of one document inside a stored EnvioDTE (one of several when a set went in one envelope). */
export function dteOf(envio: Buffer, documento: { tipoDte: number; folio: number }): ParsedDte {
  const dte = parseDteDocuments(envio).find((d) => d.tipo_dte === documento.tipoDte && d.folio === documento.folio);
  if (!dte) throw new DteParseError(`the EnvioDTE holds no DTE ${documento.tipoDte} N° ${documento.folio}`);
  return dte;
}
