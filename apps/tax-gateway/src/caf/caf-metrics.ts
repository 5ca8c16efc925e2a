import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { MetricsService } from '@lib/platform';
import { santiagoDate } from '@lib/dte';
import { diasHasta } from './caf-alerta';
import { CafService } from './caf.service';

/**
 * The facts of GET /tax/caf/status as gauges, read from the database at scrape time (so every process
 * reports the same): `caf_folios_available{tenant,tipo_dte}`, `caf_days_to_expiry{tenant,tipo_dte}`
 * (of the CAF in use; absent when it does not expire) and `caf_alert{tenant,tipo_dte,alerta}` = 1 for
 * sin_folios, pocos_folios or por_vencer. Alert on them to request new folios in time.
 */
@Injectable()
export class CafMetrics implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cafs: CafService,
    private readonly metrics: MetricsService,
  ) {}

  private snapshot?: { at: number; rows: Promise<CafGaugeRow[]> };

  onModuleInit(): void {
    const registry = this.metrics.registry;
    type Base = 'tenant' | 'tipo_dte';
    gauge<Base>(
      registry,
      'caf_folios_available',
      'Folios left in valid CAFs, by tenant and DTE type',
      ['tenant', 'tipo_dte'],
      async (g) => {
        for (const r of await this.rows()) g.set(r.labels, r.disponibles);
      },
    );
    gauge<Base>(
      registry,
      'caf_days_to_expiry',
      'Days until the CAF in use expires, by tenant and DTE type',
      ['tenant', 'tipo_dte'],
      async (g) => {
        for (const r of await this.rows()) if (r.dias !== null) g.set(r.labels, r.dias);
      },
    );
    const alertLabels: (Base | 'alerta')[] = ['tenant', 'tipo_dte', 'alerta'];
    gauge(registry, 'caf_alert', 'CAF alerts (1 = raised): sin_folios, pocos_folios, por_vencer', alertLabels, async (g) => {
      for (const r of await this.rows()) if (r.alerta) g.set({ ...r.labels, alerta: r.alerta }, 1);
    });
  }

  /** The facts of every tenant's CAFs, computed once per scrape (the three gauges are read concurrently). */
  private rows(): Promise<CafGaugeRow[]> {
    if (!this.snapshot || Date.now() - this.snapshot.at > 1000) this.snapshot = { at: Date.now(), rows: this.read() };
    return this.snapshot.rows;
  }

  private async read(): Promise<CafGaugeRow[]> {
    const today = santiagoDate();
    const tenants: { tenant: string }[] = await this.db.query('SELECT DISTINCT tenant FROM caf ORDER BY tenant');
    const rows: CafGaugeRow[] = [];
    for (const { tenant } of tenants) {
      for (const t of (await this.cafs.status(tenant)).tipos) {
        rows.push({
          labels: { tenant, tipo_dte: String(t.tipo_dte) },
          disponibles: t.disponibles,
          dias: t.vence ? diasHasta(today, t.vence) : null,
          alerta: t.alerta?.tipo ?? null,
        });
      }
    }
    return rows;
  }
}

interface CafGaugeRow {
  labels: { tenant: string; tipo_dte: string };
  disponibles: number;
  dias: number | null;
  alerta: string | null;
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
