import { Injectable, Logger } from '@nestjs/common';
import { EmitirView } from '@lib/contracts';
import { ProblemException } from '@lib/schemas';
import { TIPOS_BOLETA } from '@lib/dte';
import { RESENDABLE } from '../envio/envio-estados';
import { EnvioPipeline } from '../envio/envio-pipeline';
import { TaxMetrics } from '../metrics/tax-metrics';
import { withMembers } from './emision-rules';
import { EmisionStore } from './emision.store';
import { EmisionEntity, toMontosView, toReceptorView } from './entities/emision.entity';

/**
 * The bytes are the ones signed at emission: a retry never takes a new folio nor builds new bytes. On failure the emission is
 * `upload_failed` and its folio stays consumed.
 */
@Injectable()
export class EmisionUploader {
  private readonly logger = new Logger(EmisionUploader.name);

  constructor(
    private readonly pipeline: EnvioPipeline,
    private readonly store: EmisionStore,
    private readonly metrics: TaxMetrics,
  ) {}

  async upload(e: EmisionEntity): Promise<EmitirView> {
    let trackid: string;
    try {
      trackid = await this.pipeline.upload({
        tenant: e.tenant,
        rutEnvia: e.rutEnvia,
        filename: `EnvioDTE_F${e.folio}T${e.tipoDte}.xml`,
        xml: e.xml,
      });
    } catch (err) {
      const { problem, estado, body } = this.pipeline.failureOf(err);
      for (const x of await this.findLote(e)) await this.store.transition(x.id, estado, estado === 'signed' ? {} : { error: body }, body);
      this.logger.warn(`emision ${e.id}: upload failed (${problem.error}); folio ${e.folio} stays consumed, ${estado}`);
      throw withMembers(problem, { emision_id: e.id, folio: e.folio, tipo_dte: e.tipoDte, estado });
    }
    for (const x of await this.findLote(e)) {
      await this.store.transition(x.id, 'uploaded', { trackid, uploadedAt: new Date(), error: null });
      this.metrics.dtesEmitted.inc({ tipo_dte: String(x.tipoDte) });
    }
    return {
      emision_id: e.id,
      tipo_dte: e.tipoDte,
      folio: e.folio,
      trackid,
      estado: 'uploaded',
      montos: toMontosView(e),
      receptor: toReceptorView(e),
    };
  }

  /** The emissions that travel in the same EnvioDTE as `e` (several for a certification set), `e` first. */
  private async findLote(e: EmisionEntity): Promise<EmisionEntity[]> {
    const others = (await this.store.listSameEnvio(e)).filter((x) => x.id !== e.id);
    return [e, ...others];
  }

  /** One at a time: the claim moves the emission to `uploading` atomically. A boleta goes in an EnvioBOLETA (POST /tax/boleta/{id}/reenviar). */
  async resend(id: string): Promise<EmitirView> {
    const boleta = await this.store.find(id);
    if (boleta && (TIPOS_BOLETA as readonly number[]).includes(boleta.tipoDte)) {
      throw new ProblemException(
        409,
        'not_resendable',
        `Emission ${id} is a boleta: it is sent again with POST /tax/boleta/${id}/reenviar.`,
        {
          estado: boleta.estado,
        },
      );
    }
    const claimed = await this.store.claimForUpload(id, RESENDABLE);
    if (!claimed) {
      const current = await this.store.find(id);
      if (!current) throw new ProblemException(404, 'emission_not_found', `No emission ${id}.`);
      throw new ProblemException(
        409,
        'not_resendable',
        `Emission ${id} is ${current.estado}; only a DTE never sent or whose upload failed is sent again.`,
        {
          estado: current.estado,
        },
      );
    }
    return this.upload(claimed);
  }
}
