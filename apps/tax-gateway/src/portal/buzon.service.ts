import { Inject, Injectable } from '@nestjs/common';
import type { Page } from 'puppeteer-core';
import { parseDocumentos, parseNotificacion, parseNotificaciones, type DocumentoSii, type Notificacion } from '@lib/portal';
import { ProblemException } from '@lib/schemas';
import { TtlCache, type Cached } from '../common/ttl-cache';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { PortalAcceso } from './portal-acceso';
import { PortalStore } from './portal.store';

/** Whose mailbox and with which session: the RUT, and the representado whose imported session reads it. */
export interface Buzon {
  tenant: string;
  rut: string;
  representado?: string;
}

/** Whose mailbox a request reads: `rut`, else the representado's, else the tenant's. */
export function buzonDe(q: { tenant: string; rut?: string; representado_rut?: string }): Buzon {
  return { tenant: q.tenant, rut: q.rut ?? q.representado_rut ?? q.tenant, representado: q.representado_rut };
}

/** A read of the notifications list: the list, and those no earlier read had seen. */
export interface LecturaNotificaciones {
  notificaciones: Notificacion[];
  nuevas: Notificacion[];
}

type Valor = LecturaNotificaciones | Notificacion | DocumentoSii[] | Buffer;

/**
 * A taxpayer's SII mailbox on the portal (docs/tax-gateway.md "Notifications and documents"): notifications
 * (`/cgi_buzon/notificaciones.cgi`, `notificacion.cgi`) and the documents the SII issued (`documentos.cgi`, their
 * PDF), read with libs/portal and cached in memory per RUT for NOTIFICACIONES_CACHE_TTL_SECONDS. Every read of the
 * list records the ids it saw in PostgreSQL (`notificacion_vista`), which tells the inbox path what is new.
 */
@Injectable()
export class BuzonService {
  private readonly cache: TtlCache<Valor>;

  constructor(
    @Inject(TAX_SETTINGS) settings: TaxSettings,
    private readonly store: PortalStore,
    private readonly acceso: PortalAcceso,
    private readonly metrics: TaxMetrics,
  ) {
    this.cache = new TtlCache(
      () => settings.notificacionesCacheTtlSeconds * 1000,
      (hit) => metrics.cache('notificaciones', hit),
    );
  }

  /**
   * The notifications, newest first.
   * @throws ProblemException 409 `session_expired`, 502 `portal_error`, 503/504 portal problems.
   */
  notificaciones(b: Buzon): Promise<Cached<LecturaNotificaciones>> {
    return this.leer(b, 'notificaciones', () =>
      this.visitar(b, 'notificaciones', async (page) => {
        const lista = await this.acceso.leer(page, this.path('notificaciones', b.rut), 'the SII mailbox', parseNotificaciones);
        return { notificaciones: lista, nuevas: await this.registrarVistas(b.rut, lista) };
      }),
    ) as Promise<Cached<LecturaNotificaciones>>;
  }

  /**
   * One notification with its body (opening it on the portal marks it read there).
   * @throws ProblemException 404 `notificacion_not_found` when the list does not have it; as {@link notificaciones}.
   */
  async notificacion(b: Buzon, id: string): Promise<Cached<Notificacion>> {
    const lista = await this.notificaciones(b);
    if (!lista.value.notificaciones.some((n) => n.id === id)) {
      throw new ProblemException(404, 'notificacion_not_found', `The SII mailbox of ${b.rut} has no notification ${id}.`);
    }
    return this.leer(b, `notificacion:${id}`, () =>
      this.visitar(b, 'notificaciones', (page) =>
        this.acceso.leer(page, `${this.path('notificacion', b.rut)}&id=${encodeURIComponent(id)}`, 'the notification', parseNotificacion),
      ),
    ) as Promise<Cached<Notificacion>>;
  }

  /** The documents the SII issued to the taxpayer; as {@link notificaciones}. */
  documentos(b: Buzon): Promise<Cached<DocumentoSii[]>> {
    return this.leer(b, 'documentos', () =>
      this.visitar(b, 'documentos', (page) => this.acceso.leer(page, this.path('documentos', b.rut), 'the SII documents', parseDocumentos)),
    ) as Promise<Cached<DocumentoSii[]>>;
  }

  /**
   * One document as PDF, fetched from the documents page in the same session.
   * @throws ProblemException 404 `documento_not_found` when the list does not have it; as {@link notificaciones}.
   */
  async documentoPdf(b: Buzon, id: string): Promise<Cached<Buffer>> {
    const documentos = await this.documentos(b);
    if (!documentos.value.some((d) => d.id === id)) {
      throw new ProblemException(404, 'documento_not_found', `The SII has no document ${id} for ${b.rut}.`);
    }
    return this.leer(b, `pdf:${id}`, () =>
      this.visitar(b, 'documentos', async (page) => {
        await this.acceso.abrir(page, this.path('documentos', b.rut));
        return this.acceso.pdf(
          page.mainFrame(),
          `${this.acceso.base}${this.path('documento_pdf', b.rut)}&id=${encodeURIComponent(id)}`,
          'the document',
        );
      }),
    ) as Promise<Cached<Buffer>>;
  }

  /** Drops the cached mailbox of `rut` (all RUTs when absent); returns how many entries were dropped. */
  clear(rut?: string): Promise<number> {
    return this.cache.clear(rut);
  }

  private leer(b: Buzon, que: string, load: () => Promise<Valor>): Promise<Cached<Valor>> {
    return this.cache.get(`${b.rut}:${b.representado ?? ''}:${que}`, load);
  }

  private async visitar<T>(b: Buzon, kind: 'notificaciones' | 'documentos', job: (page: Page) => Promise<T>): Promise<T> {
    try {
      const value = await this.acceso.conSesion(b.representado, 'the SII mailbox', job);
      this.metrics.scrapeRuns.inc({ kind, outcome: 'ok' });
      return value;
    } catch (err) {
      this.metrics.scrapeRuns.inc({ kind, outcome: 'error' });
      throw err;
    }
  }

  private path(pagina: string, rut: string): string {
    return `/cgi_buzon/${pagina}.cgi?rut=${encodeURIComponent(rut)}`;
  }

  /** Records the ids of `lista` as seen for `rut`; returns the notifications no earlier read had seen. */
  private async registrarVistas(rut: string, lista: Notificacion[]): Promise<Notificacion[]> {
    if (lista.length === 0) return [];
    const nuevas = await this.store.insertVistas(
      rut,
      lista.map((n) => n.id),
    );
    return lista.filter((n) => nuevas.has(n.id));
  }
}
