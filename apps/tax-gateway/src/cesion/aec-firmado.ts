import { Injectable } from '@nestjs/common';
import {
  DECLARACION_LATIN1,
  buildAec,
  buildCesion,
  buildDteCedido,
  decodeXml,
  encodeLatin1,
  santiagoTimestamp,
  type CaratulaAecInput,
  type CesionInput,
} from '@lib/dte';
import { EnvioPipeline } from '../envio/envio-pipeline';
import { SignerClient } from '../signer/signer-client';

/**
 * The AEC signed inside out by the signing service (docs/research/cesion.md §1.2): the DTE as issued, then DocumentoDTECedido,
 * the DocumentoCesion, and DocumentoAEC last, each part signed as its own document and embedded byte for byte; the whole is
 * valid against AEC_v10.xsd (else 500 `xsd_invalid`, nothing stored). IDs carry the document and the sequence, unique in the file.
 */
@Injectable()
export class AecFirmado {
  constructor(
    private readonly signer: SignerClient,
    private readonly pipeline: EnvioPipeline,
  ) {}

  async build(signedDte: string, cesion: CesionInput, contacto: CaratulaAecInput['contacto'], now = new Date()): Promise<Buffer> {
    const base = `T${cesion.id_dte.tipo_dte}F${cesion.id_dte.folio}`;
    const cedido = await this.part(buildDteCedido(signedDte, santiagoTimestamp(now), `DTECedido_${base}`), `DTECedido_${base}`);
    return this.rebuild(cedido, [], cesion, contacto, now);
  }

  /**
   * A later cesión (docs/research/cesion.md §4 "Second and later cesiones"): the DTECedido and every earlier Cesion exactly as the AEC the
   * tenant received carries them, then the new Cesion signed by the tenant, and the AEC signed last.
   */
  async rebuild(
    dteCedido: string,
    anteriores: string[],
    cesion: CesionInput,
    contacto: CaratulaAecInput['contacto'],
    now = new Date(),
  ): Promise<Buffer> {
    const base = `T${cesion.id_dte.tipo_dte}F${cesion.id_dte.folio}`;
    const firmada = await this.part(buildCesion(cesion, `Cesion_${base}_${cesion.seq}`), `Cesion_${base}_${cesion.seq}`);
    const caratula = {
      rut_cedente: cesion.cedente.rut,
      rut_cesionario: cesion.cesionario.rut,
      contacto,
      tmst_firma_envio: santiagoTimestamp(now),
    };
    const id = `AEC_${base}_${cesion.seq}`;
    const aec = buildAec(caratula, dteCedido, [...anteriores, firmada], id);
    return this.pipeline.signValidated(encodeLatin1(DECLARACION_LATIN1 + aec), `#${id}`, 'AEC');
  }

  /** One part signed over `#id`, without the XML declaration the next part must not carry inside it. */
  private async part(xml: string, id: string): Promise<string> {
    const signed = decodeXml(await this.signer.signXml(encodeLatin1(DECLARACION_LATIN1 + xml), `#${id}`));
    return signed.replace(/^\s*<\?xml[^>]*\?>\s*/, '');
  }
}
