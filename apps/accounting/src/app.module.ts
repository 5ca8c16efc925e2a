import { Module } from '@nestjs/common';
import { OidcModule, oidcOptionsFromSettings } from '@lib/auth';
import { PlatformModule } from '@lib/platform';
import { AccountingConfig, DEFAULT_DATABASE_NAME, appOptions } from './config';
import { dataSourceOptions } from './database/data-source';
import { AsientosModule } from './asientos/asientos.module';
import { AuditoriaModule } from './auditoria/auditoria.module';
import { BancoModule } from './banco/banco.module';
import { DteRecepcionModule } from './dte-recepcion/dte-recepcion.module';
import { EmisionModule } from './emision/emision.module';
import { EmpresasModule } from './empresas/empresas.module';
import { GatewayModule } from './gateway/gateway.module';
import { HonorariosModule } from './honorarios/honorarios.module';
import { ImportacionModule } from './importacion/importacion.module';
import { PaginasModule } from './paginas/paginas.module';
import { PeriodosModule } from './periodos/periodos.module';
import { PlanCuentasModule } from './plan-cuentas/plan-cuentas.module';
import { PollerModule } from './poller/poller.module';
import { RcvModule } from './rcv/rcv.module';
import { ReportesModule } from './reportes/reportes.module';
import { UtmModule } from './utm/utm.module';

@Module({
  imports: [
    PlatformModule.forApp(appOptions, DEFAULT_DATABASE_NAME, dataSourceOptions),
    // End users' bearer tokens, for the reporting pages.
    OidcModule.forRoot({ inject: [AccountingConfig], useFactory: oidcOptionsFromSettings }),
    // One module per area of the API (docs/ARCHITECTURE.md).
    GatewayModule,
    AuditoriaModule,
    EmpresasModule,
    PlanCuentasModule,
    AsientosModule,
    PeriodosModule,
    DteRecepcionModule,
    ReportesModule,
    PollerModule,
    EmisionModule,
    ImportacionModule,
    RcvModule,
    HonorariosModule,
    BancoModule,
    PaginasModule,
    UtmModule,
  ],
})
export class AppModule {}
