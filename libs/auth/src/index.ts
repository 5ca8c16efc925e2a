export { AuthModule, internalKeyGuardProvider } from './auth.module';
export type { AuthModuleOptions } from './auth.module';
export { INTERNAL_KEY_REGISTRY } from './auth.tokens';
export {
  ALLOWED_CALLERS_KEY,
  ANY_CALLER,
  CALLERS_OPENAPI_EXTENSION,
  CALLER_REQUEST_PROPERTY,
  Caller,
  Callers,
  IS_PUBLIC_KEY,
  PUBLIC_OPENAPI_EXTENSION,
  Public,
} from './decorators';
export type { CallerAwareRequest } from './decorators';
export { INTERNAL_KEY_HEADER, InternalKeyGuard } from './internal-key.guard';
export { CALLER_NAME_PATTERN, InternalKeyRegistry, InternalKeysConfigError, internalKeyOf } from './internal-keys';
export type { ParseInternalKeysOptions } from './internal-keys';
export { RouteMetadataReflector } from './route-metadata.reflector';
export * from './oidc';
