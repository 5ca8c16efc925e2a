import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { bancoNoVinculado } from './banco-errors';
import { resolverRango } from './banco-rango';
import { BANK_MOVEMENTS_SOURCE, BankMovementsSource } from './bank-movements-source';
import {
  BancoHealthDto,
  MovimientoDto,
  MovimientosPageDto,
  MovimientosQueryDto,
  RefreshResponseDto,
  TenantHealthDto,
} from './dto/banco.dto';
import { BancoStore } from './banco.store';
import { BancoMovimientoEntity } from './entities/banco-movimiento.entity';

/** Timeout of the health probe, ms (never longer than BANK_TIMEOUT_MS). */
const PROBE_TIMEOUT_MS = 3000;

/**
 * Cached bank movements (spec 1 "Cached bank movements"; docs/tax-gateway.md "Bank movements"): refreshes a
 * tenant's movements from the {@link BankMovementsSource} into PostgreSQL, lists them, and reports the module's
 * health. Amounts are whole CLP; dates are calendar dates in America/Santiago.
 */
@Injectable()
export class BancoService {
  private readonly logger = new Logger(BancoService.name);
  private probing?: Promise<BancoHealthDto['provider']>;

  constructor(
    private readonly store: BancoStore,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    @Inject(BANK_MOVEMENTS_SOURCE) private readonly source: BankMovementsSource,
  ) {}

  /**
   * Reads every page of every CLP account of `tenant`'s link for [desde, hasta] (defaults: the last 30 days,
   * America/Santiago), then stores the movements in ONE transaction, each once per provider id (INSERT ... ON
   * CONFLICT DO NOTHING), with a `banco_refresh` row. A provider failure stores no movement; it is recorded as a
   * `banco_refresh` row with its error value (for GET /banco/health) and rethrown.
   * @param tenant canonical RUT.
   * @returns the range, CLP accounts read, new and already known movements, and when they were stored.
   * @throws ProblemException 400 `range_invalid`, 422 `banco_not_linked`, 502 `banco_error`, 503
   * `banco_unavailable`, 504 `banco_timeout`.
   */
  async refresh(tenant: string, desde?: string, hasta?: string): Promise<RefreshResponseDto> {
    const rango = resolverRango(desde, hasta);
    const linkToken = this.settings.bankLinkTokens.get(tenant);
    if (!linkToken) throw bancoNoVinculado(tenant);
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

  /** The stored movements of a tenant, newest first (post_date, then first seen), one page; amounts in whole CLP. */
  async movimientos(q: MovimientosQueryDto): Promise<MovimientosPageDto> {
    const [rows, total] = await this.store.page(q);
    return { items: rows.map(toMovimientoView), total, limit: q.limit, offset: q.offset };
  }

  /**
   * The provider's reachability (one cheap call, {@link PROBE_TIMEOUT_MS} at most, shared by concurrent callers)
   * and, per tenant linked or with stored data, the last refresh and the movements stored. Never throws: a
   * database failure gives an empty tenant list.
   */
  async health(): Promise<BancoHealthDto> {
    const [provider, tenants] = await Promise.all([this.probe(), this.tenantsHealth()]);
    return { provider, tenants };
  }

  private probe(): Promise<BancoHealthDto['provider']> {
    this.probing ??= (async () => {
      const firstLink = this.settings.bankLinkTokens.values().next().value as string | undefined;
      const p = await this.source.probe(Math.min(PROBE_TIMEOUT_MS, this.settings.bankTimeoutMs), firstLink);
      return { reachable: p.reachable, latency_ms: p.latencyMs, ...(p.error ? { error: p.error } : {}) };
    })().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async tenantsHealth(): Promise<TenantHealthDto[]> {
    const linked = [...this.settings.bankLinkTokens.keys()];
    try {
      const rows = await this.store.tenants(linked);
      return rows.map((r) => ({
        tenant: r.tenant,
        vinculado: this.settings.bankLinkTokens.has(r.tenant),
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

function toMovimientoView(m: BancoMovimientoEntity): MovimientoDto {
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
