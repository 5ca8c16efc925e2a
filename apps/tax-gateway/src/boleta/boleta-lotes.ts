import { Injectable, OnModuleInit } from '@nestjs/common';
import { EmitirBoletasLoteDto } from '@lib/contracts';
import { ProblemException } from '@lib/schemas';
import { JobQueue, type JobContext } from '../jobs/job-queue';
import { toJobView } from '../jobs/jobs.service';
import type { JobView } from '../jobs/dto/job.dto';
import { BoletaEnvios, type EnvioBoletaHecho } from './boleta-envios';
import { BoletaService } from './boleta.service';

const LOTE_JOB = 'boleta.lote';

/** What a lote's job answers: each boleta by its index in the request, and the envíos that sent them. */
export interface LoteBoletasResultado {
  boletas: { indice: number; emision_id: string | null; tipo_dte: number; folio: number | null; error: Record<string, unknown> | null }[];
  envios: EnvioBoletaHecho[];
}

/**
 * POST /tax/boleta/lote (docs/tax-gateway.md "Boletas"): a batch of boletas is a job (docs/tax-gateway.md "Jobs"): each boleta
 * issued as `POST /tax/boleta/emitir` would (a refused one is reported and the others go on), then all sent at once in
 * EnvioBOLETA of up to 500; every boleta and every envío is reported as it is reached.
 */
@Injectable()
export class BoletaLotes implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly boletas: BoletaService,
    private readonly envios: BoletaEnvios,
  ) {}

  onModuleInit(): Promise<void> {
    return this.jobs.register<EmitirBoletasLoteDto>(LOTE_JOB, (ctx) => this.execute(ctx));
  }

  async enqueue(dto: EmitirBoletasLoteDto, caller?: string): Promise<JobView> {
    return toJobView(await this.jobs.enqueue(LOTE_JOB, dto.tenant, { ...dto }, caller));
  }

  private async execute(ctx: JobContext<EmitirBoletasLoteDto>): Promise<LoteBoletasResultado> {
    const { tenant, boletas } = ctx.datos;
    await ctx.setTotal(boletas.length + 1);
    const resultado: LoteBoletasResultado = { boletas: [], envios: [] };
    for (const [indice, b] of boletas.entries()) {
      try {
        const v = await this.boletas.emit({ ...b, tenant }, ctx.caller ?? undefined);
        resultado.boletas.push({ indice, emision_id: v.emision_id, tipo_dte: v.tipo_dte, folio: v.folio, error: null });
        await ctx.report(`boleta ${indice}`, v.estado, `F${v.folio}T${v.tipo_dte}`);
      } catch (err) {
        const problem = ProblemException.of(err, 'The boleta could not be issued.');
        resultado.boletas.push({ indice, emision_id: null, tipo_dte: b.tipo_dte, folio: null, error: problem.toRecord() });
        await ctx.report(`boleta ${indice}`, 'refused', `${problem.getProblem().error}: ${problem.getProblem().detail ?? ''}`);
      }
    }
    resultado.envios = await this.envios.flush(tenant);
    const enviadas = resultado.envios.filter((e) => e.trackid).reduce((n, e) => n + e.boletas, 0);
    await ctx.report('envio', enviadas > 0 ? 'uploaded' : 'none', resultado.envios.map((e) => e.trackid ?? e.error).join(', ') || null);
    return resultado;
  }
}
