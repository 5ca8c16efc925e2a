import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { decodeXml, resultadoDeBoleta, type BoletaObservadaDetalle, type EstadoEnvioBoleta } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { EnvioPipeline } from '../envio/envio-pipeline';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { EmisionStore } from '../dte/emision.store';
import { EnvioBuilder } from '../dte/envio-builder';
import { resolucionOf } from '../dte/emision-rules';
import { EmisorEntity } from '../emisores/entities/emisor.entity';
import { EmisoresService } from '../emisores/emisores.service';
import type { EmisionEntity } from '../dte/entities/emision.entity';
import { BoletaEnvioEntity } from './entities/boleta-envio.entity';
import { BoletaStore, MAX_BOLETAS_POR_ENVIO } from './boleta.store';

/** What one EnvioBOLETA did: its boletas, and its trackid or the problem that stopped it. */
export interface EnvioBoletaHecho {
  envio_id: string | null;
  boletas: number;
  trackid: string | null;
  error?: string;
}

// EnvioBOLETA of up to 500 (docs/tax-gateway.md "Boletas"): a boleta signed now waits BOLETA_ENVIO_ESPERA_MS for the others of the
// moment. The claim is one UPDATE with SKIP LOCKED, so two processes never send one boleta twice.
@Injectable()
export class BoletaEnvios implements OnApplicationShutdown {
  private readonly logger = new Logger(BoletaEnvios.name);
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly enCurso = new Map<string, Promise<EnvioBoletaHecho[]>>();

  constructor(
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly store: BoletaStore,
    private readonly emisiones: EmisionStore,
    private readonly emisores: EmisoresService,
    private readonly builder: EnvioBuilder,
    private readonly pipeline: EnvioPipeline,
    private readonly metrics: TaxMetrics,
  ) {}

  /** The tenant's boletas go out after the wait; one timer per tenant, whatever the number of boletas signed meanwhile. */
  schedule(tenant: string): void {
    if (this.timers.has(tenant)) return;
    const timer = setTimeout(() => {
      this.timers.delete(tenant);
      this.flush(tenant).catch((err) => this.logger.warn({ err }, `boletas of ${tenant}: envío failed; retried by the reconciler`));
    }, this.settings.boletaEnvioEsperaMs);
    timer.unref();
    this.timers.set(tenant, timer);
  }

  /** Every boleta of `tenant` signed and not sent, in envíos of up to 500; after the flush running in this process, if any. */
  flush(tenant: string): Promise<EnvioBoletaHecho[]> {
    const previo = this.enCurso.get(tenant) ?? Promise.resolve([]);
    const run = previo.catch(() => []).then(() => this.flushNow(tenant));
    this.enCurso.set(tenant, run);
    void run.finally(() => this.enCurso.get(tenant) === run && this.enCurso.delete(tenant)).catch(() => undefined);
    return run;
  }

  /** Boletas signed `seconds` ago or more and never claimed (a restart, an open breaker): the reconciler's pass. */
  async flushLeftBehind(seconds: number): Promise<EnvioBoletaHecho[]> {
    const hechos: EnvioBoletaHecho[] = [];
    for (const tenant of await this.store.tenantsPorEnviar(seconds)) hechos.push(...(await this.flush(tenant)));
    return hechos;
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async flushNow(tenant: string): Promise<EnvioBoletaHecho[]> {
    const hechos: EnvioBoletaHecho[] = [];
    for (;;) {
      const lote = await this.store.claimPorEnviar(tenant);
      if (lote.length === 0) return hechos;
      const emisor = await this.emisores.forEmission(tenant).catch(() => null);
      hechos.push(...(await this.send(lote, emisor)));
      if (lote.length < MAX_BOLETAS_POR_ENVIO) return hechos;
    }
  }

  /** One envelope; when it fails its schema, each boleta alone, so that one bad boleta does not hold back the others. */
  private async send(lote: EmisionEntity[], emisor: EmisorEntity | null): Promise<EnvioBoletaHecho[]> {
    let envio: BoletaEnvioEntity;
    try {
      if (!emisor) throw new ProblemException(422, 'emisor_incomplete', `The issuer ${lote[0].tenant} is no longer registered.`);
      envio = await this.envelope(lote, emisor);
    } catch (err) {
      const problem = ProblemException.of(err, 'The EnvioBOLETA could not be built.');
      if (problem.getProblem().error === 'xsd_invalid' && lote.length > 1) {
        const hechos: EnvioBoletaHecho[] = [];
        for (const b of lote) hechos.push(...(await this.send([b], emisor)));
        return hechos;
      }
      // Never reached the SII: a failure of the signer leaves them to be sent again; a boleta that cannot be enveloped does not wait.
      const estado = problem.getStatus() >= 502 ? 'signed' : 'upload_failed';
      await this.fail(lote, problem, estado);
      return [{ envio_id: null, boletas: lote.length, trackid: null, error: problem.getProblem().error as string }];
    }
    return [await this.upload(lote, envio)];
  }

  private async envelope(lote: EmisionEntity[], emisor: EmisorEntity): Promise<BoletaEnvioEntity> {
    const ruts = { rutEmisor: lote[0].tenant, rutEnvia: lote[0].rutEnvia };
    const xml = await this.builder.envioBoleta(
      lote.map((b) => decodeXml(b.xml)),
      ruts,
      resolucionOf(emisor),
    );
    const envio = Object.assign(new BoletaEnvioEntity(), {
      id: randomUUID(),
      tenant: ruts.rutEmisor,
      rutEnvia: ruts.rutEnvia,
      boletas: lote.length,
      trackid: null,
      xml,
      xmlSha256: createHash('sha256').update(xml).digest('hex'),
    });
    await this.store.insertEnvio(envio);
    return envio;
  }

  private async upload(lote: EmisionEntity[], envio: BoletaEnvioEntity): Promise<EnvioBoletaHecho> {
    try {
      const trackid = await this.pipeline.uploadBoletas({
        tenant: envio.tenant,
        rutEnvia: envio.rutEnvia,
        filename: `EnvioBOLETA_${envio.id}.xml`,
        xml: envio.xml,
      });
      await this.store.setTrackid(envio.id, trackid);
      for (const b of lote) {
        await this.emisiones.transition(b.id, 'uploaded', { trackid, uploadedAt: new Date(), error: null, boletaEnvioId: envio.id });
        this.metrics.dtesEmitted.inc({ tipo_dte: String(b.tipoDte) });
      }
      this.logger.log(`EnvioBOLETA ${envio.id} of ${envio.tenant}: ${lote.length} boletas, trackid ${trackid}`);
      return { envio_id: envio.id, boletas: lote.length, trackid };
    } catch (err) {
      const { problem, estado } = this.pipeline.failureOf(err);
      await this.fail(lote, problem, estado, envio.id);
      return { envio_id: envio.id, boletas: lote.length, trackid: null, error: problem.getProblem().error as string };
    }
  }

  private async fail(lote: EmisionEntity[], problem: ProblemException, estado: 'signed' | 'upload_failed', envioId?: string) {
    const body = problem.toRecord();
    for (const b of lote) {
      await this.emisiones.transition(b.id, estado, { error: estado === 'signed' ? null : body, boletaEnvioId: envioId ?? null }, body);
    }
    this.logger.warn(`${lote.length} boletas of ${lote[0].tenant}: envío failed (${problem.getProblem().error}); ${estado}`);
  }

  /** The REST estado of the tenant's EnvioBOLETA `trackid`, recorded on each of its boletas with its own outcome; 404 `envio_not_found`. */
  async refreshEstado(tenant: string, trackid: string): Promise<EstadoEnvioBoleta> {
    if (!(await this.store.hasEnvio(tenant, trackid))) {
      throw new ProblemException(404, 'envio_not_found', `No EnvioBOLETA of ${tenant} has trackid ${trackid}.`);
    }
    const answer = await this.pipeline.queryEstadoBoletas(tenant, trackid);
    for (const b of await this.emisiones.findByTrackid(tenant, trackid)) {
      const propia = observacionDe(answer, b);
      await this.emisiones.transition(
        b.id,
        answer.estado,
        {
          glosa: propia ? glosaDe(propia) : null,
          documentos: answer.estadistica,
          resultado: resultadoDeBoleta(answer.estado, answer.estadistica, answer.observadas, b),
        },
        propia ? { observacion: propia } : null,
      );
    }
    return answer;
  }
}

function observacionDe(answer: EstadoEnvioBoleta, b: EmisionEntity): BoletaObservadaDetalle | undefined {
  const todas = answer.observadas ?? [];
  return todas.find((o) => o.tipo === b.tipoDte && o.folio === b.folio) ?? todas.find((o) => o.folio === null);
}

/** The SII's own words: the estado's description and each error's section and text. */
function glosaDe(o: BoletaObservadaDetalle): string {
  const errores = o.errores.map((e) => `${e.seccion ? `[${e.seccion}] ` : ''}${e.descripcion}${e.detalle ? ` (${e.detalle})` : ''}`);
  return [o.descripcion, ...errores].filter(Boolean).join('; ').slice(0, 2000);
}
