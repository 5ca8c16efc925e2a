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
export function buzonOf(q: { tenant: string; rut?: string; representado_rut?: string }): Buzon {
  return { tenant: q.tenant, rut: q.rut ?? q.representado_rut ?? q.tenant, representado: q.representado_rut };
}

export interface LecturaNotificaciones {
  notificaciones: Notificacion[];
  nuevas: Notificacion[];
}

type Valor = LecturaNotificaciones | Notificacion | DocumentoSii[] | Buffer;

/**
 * A taxpayer's SII mailbox (docs/tax-gateway.md "Notifications and documents"); each list read records the ids seen (`notificacion_vista`),
 * which tells the inbox path what is new.
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

  listNotificaciones(b: Buzon): Promise<Cached<LecturaNotificaciones>> {
    return this.read(b, 'notificaciones', () =>
      this.visit(b, 'notificaciones', async (page) => {
        const lista = await this.acceso.read(page, this.path('notificaciones', b.rut), 'the SII mailbox', parseNotificaciones);
        return { notificaciones: lista, nuevas: await this.recordVistas(b.rut, lista) };
      }),
    ) as Promise<Cached<LecturaNotificaciones>>;
  }

  /** One notification with its body (opening it on the portal marks it read there). */
  async findNotificacion(b: Buzon, id: string): Promise<Cached<Notificacion>> {
    const lista = await this.listNotificaciones(b);
    if (!lista.value.notificaciones.some((n) => n.id === id)) {
      throw new ProblemException(404, 'notificacion_not_found', `The SII mailbox of ${b.rut} has no notification ${id}.`);
    }
    return this.read(b, `notificacion:${id}`, () =>
      this.visit(b, 'notificaciones', (page) =>
        this.acceso.read(page, `${this.path('notificacion', b.rut)}&id=${encodeURIComponent(id)}`, 'the notification', parseNotificacion),
      ),
    ) as Promise<Cached<Notificacion>>;
  }

  listDocumentos(b: Buzon): Promise<Cached<DocumentoSii[]>> {
    return this.read(b, 'documentos', () =>
      this.visit(b, 'documentos', (page) => this.acceso.read(page, this.path('documentos', b.rut), 'the SII documents', parseDocumentos)),
    ) as Promise<Cached<DocumentoSii[]>>;
  }

  /** One document as PDF, fetched from the documents page in the same session. */
  async fetchDocumentoPdf(b: Buzon, id: string): Promise<Cached<Buffer>> {
    const documentos = await this.listDocumentos(b);
    if (!documentos.value.some((d) => d.id === id)) {
      throw new ProblemException(404, 'documento_not_found', `The SII has no document ${id} for ${b.rut}.`);
    }
    return this.read(b, `pdf:${id}`, () =>
      this.visit(b, 'documentos', async (page) => {
        await this.acceso.open(page, this.path('documentos', b.rut));
        return this.acceso.pdf(
          page.mainFrame(),
          `${this.acceso.base}${this.path('documento_pdf', b.rut)}&id=${encodeURIComponent(id)}`,
          'the document',
        );
      }),
    ) as Promise<Cached<Buffer>>;
  }

  clear(rut?: string): Promise<number> {
    return this.cache.clear(rut);
  }

  private read(b: Buzon, que: string, load: () => Promise<Valor>): Promise<Cached<Valor>> {
    return this.cache.get(`${b.rut}:${b.representado ?? ''}:${que}`, load);
  }

  private async visit<T>(b: Buzon, kind: 'notificaciones' | 'documentos', job: (page: Page) => Promise<T>): Promise<T> {
    try {
      const value = await this.acceso.withSession(b.representado, 'the SII mailbox', job);
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
  private async recordVistas(rut: string, lista: Notificacion[]): Promise<Notificacion[]> {
    if (lista.length === 0) return [];
    const nuevas = await this.store.insertVistas(
      rut,
      lista.map((n) => n.id),
    );
    return lista.filter((n) => nuevas.has(n.id));
  }
}
