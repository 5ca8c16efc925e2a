import { DynamicModule, FactoryProvider, Module, Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { INTERNAL_KEY_REGISTRY } from './auth.tokens';
import { InternalKeyGuard } from './internal-key.guard';
import { InternalKeyRegistry } from './internal-keys';
import { RouteMetadataReflector } from './route-metadata.reflector';

export interface AuthModuleOptions {
  useFactory: FactoryProvider<InternalKeyRegistry>['useFactory'];
  inject?: FactoryProvider['inject'];
}

/** List it before any other APP_GUARD (throttling keys on the caller). */
export const internalKeyGuardProvider: Provider = { provide: APP_GUARD, useClass: InternalKeyGuard };

/** Global. The APP_GUARD is {@link internalKeyGuardProvider}, listed first by the platform (Nest orders global guards by registration). */
@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions): DynamicModule {
    const registryProvider: Provider = {
      provide: INTERNAL_KEY_REGISTRY,
      useFactory: options.useFactory,
      inject: options.inject ?? [],
    };
    return {
      module: AuthModule,
      global: true,
      providers: [registryProvider, RouteMetadataReflector],
      exports: [INTERNAL_KEY_REGISTRY, RouteMetadataReflector],
    };
  }
}
