import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { BancoLinks } from './banco-links';
import { resolveRango } from './banco-rango';
import { BANK_MOVEMENTS_SOURCE, BankMovementsSource } from './bank-movements-source';
import type { MovimientoView, MovimientosPageView } from '@lib/contracts';
import { BancoHealthView, MovimientosQueryDto, RefreshView, TenantHealthView } from './dto/banco.dto';
import { BancoStore } from './banco.store';
import { BancoMovimientoEntity } from './entities/banco-movimiento.entity';

/** Timeout of the health probe, ms (never longer than BANK_TIMEOUT_MS). */
const PROBE_TIMEOUT_MS = 3000;

/** Cached bank movements (spec 1 "Cached bank movements"; docs/tax-gateway.md "Bank movements"): whole CLP, dates in America/Santiago. */
@Injectable()
export class BancoService {
  private readonly logger = new Logger(BancoService.name);
  private probing?: Promise<BancoHealthView['provider']>;

  constructor(
    private readonly store: BancoStore,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    @Inject(BANK_MOVEMENTS_SOURCE) private readonly source: BankMovementsSource,
    private readonly links: BancoLinks,
  ) {}

  /**
   * A provider failure stores no movement and is recorded as a `banco_refresh` row with its error value (for GET /banco/health), then
   * rethrown.
   */
  async refresh(tenant: string, desde?: string, hasta?: string): Promise<RefreshView> {
    const rango = resolveRango(desde, hasta);
    const linkToken = await this.links.require(tenant);
    let fetched;
    try {
      fetched = await this.source.fetchMovements(linkToken, rango.desde, rango.hasta);
    } catch (err) {
      await this.recordFailure(tenant, rango, err);
      throw err;
    }
    const unique = [...new Map(fetched.movements.map((m) => [m.providerId, m])).values()];
    const { nuevos, refreshedAt } = await this.store.storeRefresh(tenant, this.source.provider, unique, (nuevos) => ({
      desde: rango.desde,
      hasta: rango.hasta,
      cuentas: fetched.accounts,
      nuevos,
      conocidos: unique.length - nuevos,
      outcome: 'ok',
      error: null,
    }));
    this.logger.log(`bank refresh of ${tenant} ${rango.desde}..${rango.hasta}: ${nuevos} new, ${unique.length - nuevos} known`);
    return {
      tenant,
      desde: rango.desde,
      hasta: rango.hasta,
      cuentas: fetched.accounts,
      nuevos,
      conocidos: unique.length - nuevos,
      refreshed_at: refreshedAt.toISOString(),
    };
  }

  async listMovimientos(q: MovimientosQueryDto): Promise<MovimientosPageView> {
    const [rows, total] = await this.store.findPage(q);
    return { items: rows.map(toMovimientoView), total, limit: q.limit, offset: q.offset };
  }

  /** Never throws: a database failure gives an empty tenant list. The probe is shared by concurrent callers. */
  async health(): Promise<BancoHealthView> {
    const [provider, tenants] = await Promise.all([this.probe(), this.tenantsHealth()]);
    return { provider, tenants };
  }

  private probe(): Promise<BancoHealthView['provider']> {
    this.probing ??= (async () => {
      const first = (await this.links.tenants().catch(() => []))[0];
      const firstLink = first ? await this.links.token(first).catch(() => undefined) : undefined;
      const p = await this.source.probe(Math.min(PROBE_TIMEOUT_MS, this.settings.bankTimeoutMs), firstLink);
      return { reachable: p.reachable, latency_ms: p.latencyMs, ...(p.error ? { error: p.error } : {}) };
    })().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async tenantsHealth(): Promise<TenantHealthView[]> {
    try {
      const linked = await this.links.tenants();
      const rows = await this.store.listTenants(linked);
      return rows.map((r) => ({
        tenant: r.tenant,
        vinculado: linked.includes(r.tenant),
        last_refresh_at: r.refreshed_at ? new Date(r.refreshed_at).toISOString() : null,
        last_outcome: r.outcome,
        ...(r.error ? { last_error: r.error } : {}),
        movimientos: r.movimientos,
      }));
    } catch (err) {
      this.logger.warn({ err }, 'bank health: the database did not answer');
      return [];
    }
  }

  /** Records a refresh the provider made fail (best effort: a database failure here is only logged). */
  private async recordFailure(tenant: string, rango: { desde: string; hasta: string }, err: unknown): Promise<void> {
    if (!(err instanceof ProblemException) || err.getStatus() < 500) return;
    try {
      await this.store.insertRefresh(tenant, this.source.provider, {
        desde: rango.desde,
        hasta: rango.hasta,
        cuentas: null,
        nuevos: 0,
        conocidos: 0,
        outcome: err.error,
        error: err.detail,
      });
    } catch (dbErr) {
      this.logger.warn({ err: dbErr }, `bank refresh of ${tenant}: the failure could not be recorded`);
    }
  }
}

function toMovimientoView(m: BancoMovimientoEntity): MovimientoView {
  const contraparte =
    m.counterpartRut || m.counterpartName || m.counterpartInstitution
      ? { rut: m.counterpartRut, nombre: m.counterpartName, institucion: m.counterpartInstitution }
      : null;
  return {
    id: m.providerId,
    proveedor: m.provider,
    cuenta: m.accountId,
    monto: Number(m.amount),
    moneda: m.currency,
    fecha: m.postDate,
    descripcion: m.description,
    tipo: m.type,
    referencia: m.referenceId,
    contraparte,
    first_seen_at: m.firstSeenAt.toISOString(),
  };
}
