import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { DteRecepcionModule } from '../dte-recepcion/dte-recepcion.module';
import { MetricsService, PLATFORM_CONFIG } from '@lib/platform';
import { DeltaLinkStore } from './delta-link.store';
import { GraphMailboxAdapter } from './graph.adapter';
import { ImapMailboxAdapter } from './imap.adapter';
import { MAILBOX_ADAPTER, MailboxPoller } from './mailbox-poller.service';
import { MailboxAdapter } from './mailbox.types';
import { PollerEndpointController } from './poller-endpoint.controller';
import { PollerEndpointService } from './poller-endpoint.service';
import { PollerMetrics } from './poller.metrics';
import { POLLER_SETTINGS, PollerSettings, pollerSettingsOf } from './poller.settings';
import { SqlDeltaLinkStore } from './sql-delta-link.store';

/** Where the Graph adapter keeps its delta links (the `poller_state` table). */
export const DELTA_LINK_STORE = Symbol('DELTA_LINK_STORE');

/** Builds the adapter MAILBOX_ADAPTER names, or null for `none`. */
export function createMailboxAdapter(settings: PollerSettings, store: DeltaLinkStore): MailboxAdapter | null {
  if (settings.adapter === 'imap' && settings.imap) return new ImapMailboxAdapter(settings.imap);
  if (settings.adapter === 'graph' && settings.graph) return new GraphMailboxAdapter(settings.graph, store);
  return null;
}

/**
 * The mailbox poller area (docs/accounting-poller.md): the poller that reads the mailbox, and the
 * endpoint it posts each message to (POST /contable/poller/recibir-dte, booking reused from
 * DteRecepcionModule). Its settings come from the app's one validated config; with
 * MAILBOX_ADAPTER=none (the default) the poller does nothing.
 */
@Module({
  imports: [AuditoriaModule, DteRecepcionModule],
  controllers: [PollerEndpointController],
  providers: [
    PollerEndpointService,
    {
      provide: POLLER_SETTINGS,
      inject: [PLATFORM_CONFIG],
      useFactory: pollerSettingsOf,
    },
    { provide: DELTA_LINK_STORE, inject: [DataSource], useFactory: (dataSource: DataSource) => new SqlDeltaLinkStore(dataSource) },
    { provide: MAILBOX_ADAPTER, inject: [POLLER_SETTINGS, DELTA_LINK_STORE], useFactory: createMailboxAdapter },
    { provide: PollerMetrics, inject: [MetricsService], useFactory: (metrics: MetricsService) => new PollerMetrics(metrics.registry) },
    MailboxPoller,
  ],
  exports: [MailboxPoller],
})
export class PollerModule {}
