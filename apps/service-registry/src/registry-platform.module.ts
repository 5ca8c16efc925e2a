import { Module } from '@nestjs/common';
import { OidcModule, oidcOptionsFromSettings } from '@lib/auth';
import { PlatformModule } from '@lib/platform';
import { DEFAULT_DATABASE_NAME, ServiceRegistryConfig, appOptions } from './config';
import { dataSourceOptions } from './database/data-source';

/** The platform (settings, database, logs, guards) and the end-user token verifier, for the app and the operator command. */
@Module({
  imports: [
    PlatformModule.forApp(appOptions, DEFAULT_DATABASE_NAME, dataSourceOptions),
    OidcModule.forRoot({ inject: [ServiceRegistryConfig], useFactory: oidcOptionsFromSettings }),
  ],
})
export class RegistryPlatformModule {}
