import { Injectable, OnModuleInit } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { MetricsService } from '@lib/platform';
import { daysBetween, santiagoDate } from '@lib/dte';
import { CafService } from './caf.service';
import { CafStore } from './caf.store';

/**
 * GET /tax/caf/status as gauges, read at scrape time so every process reports the same; closed label sets, never a RUT (docs/tax-gateway.md
 * "Metrics").
 */
@Injectable()
export class CafMetrics implements OnModuleInit {
  constructor(
    private readonly store: CafStore,
    private readonly cafs: CafService,
    private readonly metrics: MetricsService,
  ) {}

  private snapshot?: { at: number; rows: Promise<CafGaugeRow[]> };

  onModuleInit(): void {
    const registry = this.metrics.registry;
    gauge(registry, 'caf_folios_available', 'Fewest folios left in any tenant’s valid CAFs, by DTE type', ['tipo_dte'], async (g) => {
      for (const [tipo, rows] of porTipo(await this.rows())) g.set({ tipo_dte: tipo }, Math.min(...rows.map((r) => r.disponibles)));
    });
    gauge(registry, 'caf_days_to_expiry', 'Fewest days until a tenant’s CAF in use expires, by DTE type', ['tipo_dte'], async (g) => {
      for (const [tipo, rows] of porTipo(await this.rows())) {
        const dias = rows.map((r) => r.dias).filter((d): d is number => d !== null);
        if (dias.length > 0) g.set({ tipo_dte: tipo }, Math.min(...dias));
      }
    });
    gauge(registry, 'caf_alert', 'Tenants with a CAF alert, by DTE type and alert', ['tipo_dte', 'alerta'], async (g) => {
      for (const [tipo, rows] of porTipo(await this.rows())) {
        for (const alerta of ALERTAS) g.set({ tipo_dte: tipo, alerta }, rows.filter((r) => r.alerta === alerta).length);
      }
    });
  }

  /** The facts of every tenant's CAFs, computed once per scrape (the three gauges are read concurrently). */
  private rows(): Promise<CafGaugeRow[]> {
    if (!this.snapshot || Date.now() - this.snapshot.at > 1000) this.snapshot = { at: Date.now(), rows: this.read() };
    return this.snapshot.rows;
  }

  private async read(): Promise<CafGaugeRow[]> {
    const today = santiagoDate();
    const rows: CafGaugeRow[] = [];
    for (const tenant of await this.store.listTenants()) {
      for (const t of (await this.cafs.status(tenant)).tipos) {
        rows.push({
          tipo: String(t.tipo_dte),
          disponibles: t.disponibles,
          dias: t.vence ? daysBetween(today, t.vence) : null,
          alerta: t.alerta?.tipo ?? null,
        });
      }
    }
    return rows;
  }
}

const ALERTAS = ['sin_folios', 'pocos_folios', 'por_vencer'];

interface CafGaugeRow {
  tipo: string;
  disponibles: number;
  dias: number | null;
  alerta: string | null;
}

function porTipo(rows: CafGaugeRow[]): Map<string, CafGaugeRow[]> {
  const out = new Map<string, CafGaugeRow[]>();
  for (const r of rows) out.set(r.tipo, [...(out.get(r.tipo) ?? []), r]);
  return out;
}

/** A gauge on `registry`, replacing one of the same name (several test apps may share a process). */
function gauge<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: L[],
  collect?: (g: Gauge<L>) => Promise<void>,
): Gauge<L> {
  if (registry.getSingleMetric(name)) registry.removeSingleMetric(name);
  const g: Gauge<L> = new Gauge({ name, help, labelNames, registers: [registry], ...(collect ? { collect: () => collect(g) } : {}) });
  return g;
}
