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
 * Once a day per RUT and kind (spec 1 "Hard rules"; docs/tax-gateway.md "Portal"), counted in PostgreSQL so a restart or a second process
 * does not reset it; a failed visit leaves the day free.
 */
@Injectable()
export class PortalVisitas {
  private readonly logger = new Logger(PortalVisitas.name);

  constructor(private readonly store: PortalStore) {}

  /** @param esperaMs how long to wait for another request's running visit (then 504 `portal_timeout`). */
  async visitOncePerDay(
    tenant: string,
    rut: string,
    tipo: string,
    esperaMs: number,
    visitar: () => Promise<ResultadoVisita>,
  ): Promise<VisitaDelDia> {
    const hasta = Date.now() + esperaMs;
    for (;;) {
      const claimed = await this.claim(tenant, rut, tipo);
      if (claimed) return this.visit(claimed, visitar);
      const actual = await this.store.findVisitaDelDia(rut, tipo);
      if (actual?.estado === 'ok') {
        return { resultado: actual.resultado, pdf: actual.pdf, cache: true, scrapedAt: actual.visitadaAt ?? actual.updatedAt };
      }
      if (actual && Date.now() - actual.updatedAt.getTime() > ABANDONADA_MS)
        await this.fail(actual.id, 'abandoned (no news for 10 minutes)');
      if (Date.now() > hasta) {
        throw new ProblemException(504, 'portal_timeout', `Another visit of the SII portal for ${rut} is still running; try again later.`);
      }
      await new Promise((r) => setTimeout(r, ESPERA_PASO_MS));
    }
  }

  private async claim(tenant: string, rut: string, tipo: string): Promise<string | undefined> {
    const id = randomUUID();
    return (await this.store.claimVisita(id, tenant, rut, tipo)) ? id : undefined;
  }

  private async visit(id: string, visitar: () => Promise<ResultadoVisita>): Promise<VisitaDelDia> {
    let result: ResultadoVisita;
    try {
      result = await visitar();
    } catch (err) {
      await this.fail(id, errorText(err));
      throw err;
    }
    const visitadaAt = new Date();
    await this.store.updateVisita(id, { estado: 'ok', resultado: result.resultado as object, pdf: result.pdf, visitadaAt });
    return { ...result, cache: false, scrapedAt: visitadaAt };
  }

  private async fail(id: string, error: string): Promise<void> {
    await this.store.updateVisita(id, { estado: 'fallida', error: error.slice(0, 1000) });
    // The reason may carry the portal's page text: escaped (spec 1 "Hard rules").
    this.logger.warn(`portal visit ${id} failed: ${escapeForLog(error, 200)}`);
  }
}
