import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { escapeForLog } from '@lib/platform';
import { ProblemException, errorText } from '@lib/schemas';
import { PortalStore } from './portal.store';

/** What a visit leaves: the page's data and, when there is one, its PDF. */
export interface ResultadoVisita {
  resultado: unknown;
  pdf: Buffer | null;
}

/** A visit's outcome for the caller: fresh, or the day's stored one (`cache`). */
export interface VisitaDelDia extends ResultadoVisita {
  cache: boolean;
  scrapedAt: Date;
}

/** A visit `en_curso` untouched this long was cut off (a crash): it no longer holds the day. */
const ABANDONADA_MS = 10 * 60_000;
/** How often a request that waits for a running visit looks again, and for how long. */
const ESPERA_PASO_MS = 200;

/**
 * The once-a-day rule of the portal (spec 1 "Hard rules"; docs/tax-gateway.md "Portal"): at most one visit per
 * RUT, kind and day in America/Santiago, counted in PostgreSQL (a unique index on the visits that did not fail),
 * so that a restart or a second process does not reset it. A second request the same day answers the stored
 * result; one that arrives while the visit runs waits for it; a failed visit leaves the day free.
 */
@Injectable()
export class PortalVisitas {
  private readonly logger = new Logger(PortalVisitas.name);

  constructor(private readonly store: PortalStore) {}

  /**
   * The day's result of `tipo` for `rut`, visiting with `visitar` only when the day has none.
   * @param esperaMs how long to wait for another request's running visit (then 504 `portal_timeout`).
   * @throws what `visitar` throws (the visit is then recorded as failed).
   */
  async delDia(
    tenant: string,
    rut: string,
    tipo: string,
    esperaMs: number,
    visitar: () => Promise<ResultadoVisita>,
  ): Promise<VisitaDelDia> {
    const hasta = Date.now() + esperaMs;
    for (;;) {
      const claimed = await this.reclamar(tenant, rut, tipo);
      if (claimed) return this.visitar(claimed, visitar);
      const actual = await this.store.visitaDelDia(rut, tipo);
      if (actual?.estado === 'ok') {
        return { resultado: actual.resultado, pdf: actual.pdf, cache: true, scrapedAt: actual.visitadaAt ?? actual.updatedAt };
      }
      if (actual && Date.now() - actual.updatedAt.getTime() > ABANDONADA_MS)
        await this.fallar(actual.id, 'abandoned (no news for 10 minutes)');
      if (Date.now() > hasta) {
        throw new ProblemException(504, 'portal_timeout', `Another visit of the SII portal for ${rut} is still running; try again later.`);
      }
      await new Promise((r) => setTimeout(r, ESPERA_PASO_MS));
    }
  }

  private async reclamar(tenant: string, rut: string, tipo: string): Promise<string | undefined> {
    const id = randomUUID();
    return (await this.store.claimVisita(id, tenant, rut, tipo)) ? id : undefined;
  }

  private async visitar(id: string, visitar: () => Promise<ResultadoVisita>): Promise<VisitaDelDia> {
    let result: ResultadoVisita;
    try {
      result = await visitar();
    } catch (err) {
      await this.fallar(id, errorText(err));
      throw err;
    }
    const visitadaAt = new Date();
    await this.store.updateVisita(id, { estado: 'ok', resultado: result.resultado as object, pdf: result.pdf, visitadaAt });
    return { ...result, cache: false, scrapedAt: visitadaAt };
  }

  private async fallar(id: string, error: string): Promise<void> {
    await this.store.updateVisita(id, { estado: 'fallida', error: error.slice(0, 1000) });
    // The reason may carry the portal's page text: escaped (spec 1 "Hard rules").
    this.logger.warn(`portal visit ${id} failed: ${escapeForLog(error, 200)}`);
  }
}
