import { DynamicModule, FactoryProvider, Module } from '@nestjs/common';
import { OidcBearerGuard } from './oidc-bearer.guard';
import type { OidcOptions } from './oidc.options';
import { OIDC_VERIFIER } from './oidc.tokens';
import { OidcVerifier } from './oidc-verifier';

/** Options of {@link OidcModule.forRoot}: how to obtain the OIDC settings (undefined = not configured). */
export interface OidcModuleOptions {
  useFactory: (...args: never[]) => OidcOptions | undefined | Promise<OidcOptions | undefined>;
  inject?: FactoryProvider['inject'];
}

/**
 * Provides {@link OidcVerifier} (token `OIDC_VERIFIER`) and {@link OidcBearerGuard} globally. The guard
 * is not registered as APP_GUARD: apply it with `@UseGuards(OidcBearerGuard)` where end users matter.
 */
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
