import { DynamicModule, FactoryProvider, Module } from '@nestjs/common';
import { OidcBearerGuard } from './oidc-bearer.guard';
import type { OidcOptions } from './oidc.options';
import { OIDC_VERIFIER } from './oidc.tokens';
import { OidcVerifier } from './oidc-verifier';

export interface OidcModuleOptions {
  useFactory: (...args: never[]) => OidcOptions | undefined | Promise<OidcOptions | undefined>;
  inject?: FactoryProvider['inject'];
}

/** Global {@link OidcVerifier} and {@link OidcBearerGuard}; the guard is not an APP_GUARD: `@UseGuards` it where end users matter. */
@Module({})
export class OidcModule {
  static forRoot(options: OidcModuleOptions): DynamicModule {
    const verifier: FactoryProvider = {
      provide: OIDC_VERIFIER,
      useFactory: async (...args: never[]) => new OidcVerifier(await options.useFactory(...args)),
      inject: options.inject ?? [],
    };
    return { module: OidcModule, global: true, providers: [verifier, OidcBearerGuard], exports: [OIDC_VERIFIER, OidcBearerGuard] };
  }
}
