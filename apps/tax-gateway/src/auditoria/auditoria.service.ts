import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { canonicalJson, escapeForLog, PeriodicTask, pickFields, sha256Hex } from '@lib/platform';
import { ProblemException, assertFechaEnRango, errorText } from '@lib/schemas';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SignerClient } from '../signer/signer-client';
import type { AuditoriaView, AuditoriaListView, AuditoriaQueryDto } from './dto/auditoria.dto';
import { AuditoriaEntity } from './entities/auditoria.entity';
import { AuditoriaStore } from './auditoria.store';
import type { OperacionAuditada } from './operaciones';

export interface OperacionRealizada {
  operacion: OperacionAuditada;
  actor: string;
  tenant: string | null;
  recurso: string | null;
  /** Hex sha256 of the bytes involved. */
  sha256: string;
}

/** Pending receipts one retry run signs at most. */
const LOTE = 100;

/**
 * Audit receipts (spec 1 §9; docs/tax-gateway.md "Audit receipts"), signed by the signer's `/sign/cms`; a signer outage leaves a receipt
 * `pendiente` for the retry loop.
 */
@Injectable()
export class AuditoriaService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AuditoriaService.name);
  private readonly retryLoop = new PeriodicTask('AuditoriaRetry', () => this.signPending());

  constructor(
    private readonly store: AuditoriaStore,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly signer: SignerClient,
  ) {}

  onApplicationBootstrap(): void {
    this.retryLoop.start(this.settings.auditoriaRetrySeconds * 1000);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.retryLoop.stop();
  }

  /** Never throws (the operation already happened): a signer failure leaves the receipt pending, a database failure is logged. */
  async record(op: OperacionRealizada): Promise<void> {
    const at = new Date();
    const canonical = canonicalJson({ version: 1, ...op, at: at.toISOString() });
    const row: AuditoriaEntity = {
      id: randomUUID(),
      ...op,
      at,
      canonical,
      estado: 'pendiente',
      cms: null,
      intentos: 0,
      error: null,
      firmadoAt: null,
    };
    try {
      await this.store.insert(row);
      await this.sign(row);
    } catch (err) {
      this.logger.error(`audit receipt of ${op.operacion} ${op.recurso ?? ''} not recorded: ${escapeForLog(errorText(err), 300)}`);
    }
  }

  async signPending(): Promise<number> {
    const pendientes = await this.store.findPending(LOTE);
    let firmados = 0;
    for (const row of pendientes) if (await this.sign(row)) firmados++;
    return firmados;
  }

  /** Runs the retry loop once now (tests, tools). */
  retry(): Promise<number> {
    return this.retryLoop.run();
  }

  async list(q: AuditoriaQueryDto): Promise<AuditoriaListView> {
    if (q.desde) assertFechaEnRango(q.desde, 'desde');
    if (q.hasta) assertFechaEnRango(q.hasta, 'hasta');
    const [rows, total] = await this.store.findPage(q);
    return { items: rows.map(toAuditoriaView), total, limit: q.limit, offset: q.offset };
  }

  async find(id: string): Promise<AuditoriaView> {
    const row = await this.store.find(id);
    if (!row) throw new ProblemException(404, 'auditoria_not_found', `No audit receipt ${id}.`);
    return toAuditoriaView(row);
  }

  private async sign(row: AuditoriaEntity): Promise<boolean> {
    try {
      const cms = await this.signer.signCms(Buffer.from(row.canonical, 'utf8'));
      await this.store.update(row.id, { estado: 'firmado', cms, firmadoAt: new Date(), error: null, intentos: row.intentos + 1 }, true);
      return true;
    } catch (err) {
      const reason = errorText(err);
      await this.store.update(row.id, { intentos: row.intentos + 1, error: reason.slice(0, 500) });
      this.logger.warn(`audit receipt ${row.id} (${row.operacion}) left pending: ${escapeForLog(reason, 200)}`);
      return false;
    }
  }
}

/** The sha256 of the bytes an answer names, else of its canonical JSON. */
export function sha256Of(bytes: Buffer | string | undefined, respuesta: unknown): string {
  return bytes !== undefined ? sha256Hex(bytes) : sha256Hex(canonicalJson(respuesta ?? null));
}

function toAuditoriaView(a: AuditoriaEntity): AuditoriaView {
  return {
    ...pickFields(a, 'id', 'tenant', 'operacion', 'actor', 'recurso', 'canonical', 'estado', 'intentos', 'error'),
    at: a.at.toISOString(),
    sha256: a.sha256.trim(),
    cms_base64: a.cms ? a.cms.toString('base64') : null,
    firmado_at: a.firmadoAt?.toISOString() ?? null,
  };
}
