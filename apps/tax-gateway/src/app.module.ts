import { Module } from '@nestjs/common';
import { PlatformModule } from '@lib/platform';
import { DEFAULT_DATABASE_NAME, appOptions } from './config';
import { dataSourceOptions } from './database/data-source';
import { TaxModule } from './tax.module';

@Module({
  imports: [
    PlatformModule.forRoot({
      appName: appOptions.appName,
      config: appOptions.config,
      defaultDatabaseName: DEFAULT_DATABASE_NAME,
      entities: dataSourceOptions.entities,
      migrations: dataSourceOptions.migrations,
    }),
    // Domain modules go here, one per area of the API (DESIGN §2).
    // Tax areas: auth (token), contribuyente, caf, dte, with their settings and metrics.
    TaxModule.forRoot(),
  ],
})
export class AppModule {}
