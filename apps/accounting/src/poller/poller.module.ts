import { Module } from '@nestjs/common';
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
import { PollerStore } from './poller.store';
import { PollerMetrics } from './poller.metrics';
import { POLLER_SETTINGS, PollerSettings, pollerSettingsOf } from './poller.settings';
import { SqlDeltaLinkStore } from './sql-delta-link.store';

export const DELTA_LINK_STORE = Symbol('DELTA_LINK_STORE');

export function createMailboxAdapter(settings: PollerSettings, store: DeltaLinkStore): MailboxAdapter | null {
  if (settings.adapter === 'imap' && settings.imap) return new ImapMailboxAdapter(settings.imap);
  if (settings.adapter === 'graph' && settings.graph) return new GraphMailboxAdapter(settings.graph, store);
  return null;
}

/** The mailbox poller and its endpoint (docs/accounting-poller.md); MAILBOX_ADAPTER=none (default) does nothing. */
@Module({
  imports: [AuditoriaModule, DteRecepcionModule],
  controllers: [PollerEndpointController],
  providers: [
    PollerStore,
    PollerEndpointService,
    {
      provide: POLLER_SETTINGS,
      inject: [PLATFORM_CONFIG],
      useFactory: pollerSettingsOf,
    },
    { provide: DELTA_LINK_STORE, useClass: SqlDeltaLinkStore },
    { provide: MAILBOX_ADAPTER, inject: [POLLER_SETTINGS, DELTA_LINK_STORE], useFactory: createMailboxAdapter },
    { provide: PollerMetrics, inject: [MetricsService], useFactory: (metrics: MetricsService) => new PollerMetrics(metrics.registry) },
    MailboxPoller,
  ],
  exports: [MailboxPoller],
})
export class PollerModule {}
