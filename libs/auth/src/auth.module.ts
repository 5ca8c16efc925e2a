import { DynamicModule, FactoryProvider, Module, Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { INTERNAL_KEY_REGISTRY } from './auth.tokens';
import { InternalKeyGuard } from './internal-key.guard';
import { InternalKeyRegistry } from './internal-keys';
import { RouteMetadataReflector } from './route-metadata.reflector';

/** Options of {@link AuthModule.forRoot}: how to build the registry, e.g. from the validated config. */
export interface AuthModuleOptions {
  useFactory: FactoryProvider<InternalKeyRegistry>['useFactory'];
  inject?: FactoryProvider['inject'];
}

/** Registers {@link InternalKeyGuard} globally. List it before any other APP_GUARD (throttling keys on the caller). */
export const internalKeyGuardProvider: Provider = { provide: APP_GUARD, useClass: InternalKeyGuard };

/**
 * Provides the {@link InternalKeyRegistry} and the guards' {@link RouteMetadataReflector} (global module). The APP_GUARD itself is
 * {@link internalKeyGuardProvider}, which the platform lists first among its guards so that the order
 * of global guards is explicit (Nest orders global guards by registration).
 */
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
