import { Injectable } from '@nestjs/common';
import {
  DECLARACION_LATIN1,
  buildEnvioRecibos,
  buildRecibo,
  buildRespuestaDte,
  decodeXml,
  encodeLatin1,
  reciboId,
  santiagoTimestamp,
  type RecepcionEnvioInput,
  type ReciboInput,
  type ResultadoDteInput,
} from '@lib/dte';
import { EnvioPipeline } from '../envio/envio-pipeline';
import { SignerClient } from '../signer/signer-client';

/** Who answers and to whom: the tenant (receiver of the DTEs) and the supplier (their issuer). */
export interface RespuestaPartes {
  rutResponde: string;
  rutRecibe: string;
  /** Caratula IdRespuesta (the answer's number, from recepcion_respuesta's sequence). */
  idRespuesta: number;
  mailContacto?: string;
}

/** One goods/services receipt (Ley 19.983) for a received DTE; the signer's holder and the time are added here. */
export type ReciboDatos = Omit<ReciboInput, 'rutFirma' | 'tmstFirmaRecibo' | 'id'>;

/**
 * The three intercambio answers (docs/research/sii-protocol.md §3.5), each the signer's exact bytes valid against its XSD, or 500
 * `xsd_invalid` with nothing stored.
 */
@Injectable()
export class RespuestaBuilder {
  constructor(
    private readonly signer: SignerClient,
    private readonly pipeline: EnvioPipeline,
  ) {}

  async buildRecepcionEnvio(partes: RespuestaPartes, recepcion: RecepcionEnvioInput, now = new Date()): Promise<Buffer> {
    const xml = buildRespuestaDte({ caratula: this.buildCaratula(partes, now), recepciones: [recepcion] });
    return this.pipeline.signValidated(encodeLatin1(xml), '#ResultadoEnvio', 'RespuestaEnvioDTE');
  }

  async buildResultadoDte(partes: RespuestaPartes, resultados: ResultadoDteInput[], now = new Date()): Promise<Buffer> {
    const xml = buildRespuestaDte({ caratula: this.buildCaratula(partes, now), resultados });
    return this.pipeline.signValidated(encodeLatin1(xml), '#ResultadoEnvio', 'RespuestaEnvioDTE');
  }

  /** Each Recibo signed on its own, then the SetRecibos; RutFirma is the certificate holder. */
  async buildEnvioRecibos(partes: RespuestaPartes, recibos: ReciboDatos[], now = new Date()): Promise<Buffer> {
    const { holder_rut } = await this.signer.certificate();
    const tmst = santiagoTimestamp(now);
    const signedRecibos: string[] = [];
    for (const r of recibos) {
      const recibo = buildRecibo({ ...r, rutFirma: holder_rut, tmstFirmaRecibo: tmst });
      const signed = await this.signer.signXml(encodeLatin1(DECLARACION_LATIN1 + recibo), `#${reciboId(r)}`);
      signedRecibos.push(decodeXml(signed));
    }
    const envio = buildEnvioRecibos({
      caratula: { rutResponde: partes.rutResponde, rutRecibe: partes.rutRecibe, mailContacto: partes.mailContacto, tmstFirmaEnv: tmst },
      signedRecibos,
    });
    return this.pipeline.signValidated(encodeLatin1(envio), '#SetRecibos', 'EnvioRecibos');
  }

  private buildCaratula(p: RespuestaPartes, now: Date) {
    return {
      rutResponde: p.rutResponde,
      rutRecibe: p.rutRecibe,
      idRespuesta: p.idRespuesta,
      mailContacto: p.mailContacto,
      tmstFirmaResp: santiagoTimestamp(now),
    };
  }
}
