import { Injectable, Logger } from '@nestjs/common';
import type { EstadoFolio } from '@lib/portal';
import { TokenService } from '../auth/token.service';
import { estDteQueryOf } from '../dte/emision-query.service';
import { EmisionEntity } from '../dte/entities/emision.entity';
import { EmisionStore } from '../dte/emision.store';
import { CafStore } from '../caf/caf.store';
import { FoliosPortal, MAX_FOLIOS_CONSULTA } from '../portal/folios-portal';
import { SiiClient } from '../sii/sii-client';
import { SignerClient } from '../signer/signer-client';
import type { CafResyncDto, CafResyncView, CafResyncResultView, FolioPendienteView } from './dto/caf-resync.dto';
import { CafEntity } from '../caf/entities/caf.entity';

/** How many folios after the counter are asked about: another system rarely runs further ahead unnoticed. */
const PROBE = 10;
/** Envío estados in which the SII refused the document: its folio was consumed for nothing. */
/** An upload that failed this long ago (days) and was not resent is taken as abandoned. */
const ABANDONO_DIAS = 7;

/**
 * The CAF cycle's reconciliation with the SII (docs/tax-gateway.md "CAF runbook"; QueryEstDte, docs/research/sii-protocol.md §2.6). The
 * counter only moves past a contiguous run of folios the SII received or the company annulled (the one safe correction).
 */
@Injectable()
export class CafResyncService {
  private readonly logger = new Logger(CafResyncService.name);

  constructor(
    private readonly cafs: CafStore,
    private readonly emisiones: EmisionStore,
    private readonly tokens: TokenService,
    private readonly sii: SiiClient,
    private readonly signer: SignerClient,
    private readonly folios: FoliosPortal,
  ) {}

  async resync(dto: CafResyncDto): Promise<CafResyncView> {
    const { holder_rut } = await this.signer.certificate();
    const cafs = await this.cafs.list(dto.tenant, dto.tipo_dte);
    const out: CafResyncResultView[] = [];
    for (const caf of cafs) out.push(await this.resyncCaf(caf, holder_rut));
    return { tenant: dto.tenant, cafs: out };
  }

  private async resyncCaf(caf: CafEntity, holder: string): Promise<CafResyncResultView> {
    const counter = await this.cafs.findCounter(caf.id);
    const emisiones = await this.emisiones.findByFolios(caf.tenant, caf.tipoDte, range(caf.desde, counter.nextFolio - 1));
    const candidatos: FolioPendienteView[] = [];
    for (const e of emisiones) {
      const p = await this.findPendiente(e, holder);
      if (p) candidatos.push(p);
    }
    const portal = await this.readPortal(caf, counter.nextFolio, candidatos);
    const pendientes = candidatos.filter((p) => !(p.motivo === 'a_anular' && portal.get(p.folio) === 'anulado'));
    const conocidos = range(counter.nextFolio, Math.min(caf.hasta, counter.nextFolio + PROBE - 1)).filter(
      (f) => (portal.get(f) ?? 'disponible') !== 'disponible',
    );
    const siguiente = skipContiguous(counter.nextFolio, conocidos);
    if (siguiente !== counter.nextFolio) {
      await this.cafs.advanceCounter(caf.id, counter.nextFolio, siguiente);
      this.logger.warn(`caf ${caf.id}: folios ${counter.nextFolio}..${siguiente - 1} were used by another system; counter moved past them`);
    }
    return {
      tipo_dte: caf.tipoDte,
      caf_id: caf.id,
      desde: caf.desde,
      hasta: caf.hasta,
      siguiente_antes: counter.nextFolio,
      siguiente,
      consumidos: emisiones.length,
      conocidos_por_sii: conocidos,
      pendientes: pendientes.sort((a, b) => a.folio - b.folio),
    };
  }

  private async findPendiente(e: EmisionEntity, holder: string): Promise<FolioPendienteView | undefined> {
    const base = { folio: e.folio, emision_id: e.id };
    if (e.resultado === 'rechazado') {
      return {
        ...base,
        motivo: 'a_anular',
        detalle: `The SII rejected the document (${e.estado}); annul the folio in the SII portal`,
      };
    }
    const abandoned = Date.now() - e.updatedAt.getTime() > ABANDONO_DIAS * 86_400_000;
    if (e.estado === 'upload_failed' && abandoned) {
      return {
        ...base,
        motivo: 'a_anular',
        detalle: `Upload failed ${ABANDONO_DIAS}+ days ago and was not resent; resend it or annul the folio`,
      };
    }
    if (e.estado !== 'EPR' || (e.estadoSii && e.estadoSii !== 'FAU')) return undefined;
    const answer = await this.tokens.withToken(e.tenant, (t) => this.sii.getEstDte(estDteQueryOf(e, holder), t));
    if (answer.estado !== 'FAU') return undefined;
    return {
      ...base,
      motivo: 'no_recibido',
      detalle: 'The SII has no record of it (getEstDte FAU); resend it with POST /tax/dte/{emision_id}/reenviar',
    };
  }

  /** One portal query from the lowest folio asked about; folios below the page's range stay unknown. */
  private async readPortal(caf: CafEntity, next: number, candidatos: FolioPendienteView[]): Promise<Map<number, EstadoFolio['estado']>> {
    const hasta = Math.min(caf.hasta, next + PROBE - 1);
    const aAnular = candidatos.filter((p) => p.motivo === 'a_anular').map((p) => p.folio);
    const desde = Math.max(Math.min(next, ...aAnular), hasta - MAX_FOLIOS_CONSULTA + 1, caf.desde);
    if (desde > hasta) return new Map();
    const estados = await this.folios.fetchEstados(caf.tenant, caf.tipoDte, desde, hasta);
    return new Map(estados.map((e) => [e.folio, e.estado]));
  }
}

function range(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The first folio at or after `next` that is not in the contiguous run of `known` starting at `next`. */
function skipContiguous(next: number, known: number[]): number {
  let n = next;
  while (known.includes(n)) n++;
  return n;
}
