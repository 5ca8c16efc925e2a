import { Module } from '@nestjs/common';
import { PlatformModule } from '@lib/platform';
import { AuditoriaModule } from './auditoria/auditoria.module';
import { BancoModule } from './banco/banco.module';
import { TokenModule } from './auth/token.module';
import { CafModule } from './caf/caf.module';
import { CafResyncModule } from './caf-resync/caf-resync.module';
import { DEFAULT_DATABASE_NAME, appOptions } from './config';
import { ContribuyenteModule } from './contribuyente/contribuyente.module';
import { dataSourceOptions } from './database/data-source';
import { DteModule } from './dte/dte.module';
import { BoletaModule } from './boleta/boleta.module';
import { CesionModule } from './cesion/cesion.module';
import { EmisoresModule } from './emisores/emisores.module';
import { TaxMetricsModule } from './metrics/tax-metrics.module';
import { JobsModule } from './jobs/jobs.module';
import { LibrosModule } from './libros/libros.module';
import { HonorariosModule } from './honorarios/honorarios.module';
import { RcvModule } from './rcv/rcv.module';
import { CertificacionModule } from './certificacion/certificacion.module';
import { PortalModule } from './portal/portal.module';
import { RecepcionModule } from './recepcion/recepcion.module';
import { ReconcilerModule } from './reconciler/reconciler.module';
import { TaxSettingsModule } from './settings/tax-settings.module';

@Module({
  imports: [
    PlatformModule.forApp(appOptions, DEFAULT_DATABASE_NAME, dataSourceOptions),
    TaxSettingsModule,
    TaxMetricsModule,
    TokenModule,
    ContribuyenteModule,
    CafModule,
    CafResyncModule,
    EmisoresModule,
    DteModule,
    BoletaModule,
    CesionModule,
    RecepcionModule,
    LibrosModule,
    ReconcilerModule,
    RcvModule,
    HonorariosModule,
    CertificacionModule,
    JobsModule,
    PortalModule,
    AuditoriaModule,
    BancoModule,
  ],
})
export class AppModule {}
