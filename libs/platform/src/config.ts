import { Transform, Type, plainToInstance } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidationArguments,
  ValidationError,
  validateSync,
} from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { InternalKeyRegistry } from '@lib/auth';

/** Thrown by {@link loadConfig}; the message lists every bad setting by name (never its value). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Integer setting read from an environment string, with optional bounds. */
export function EnvInt(bounds: { min?: number; max?: number } = {}): PropertyDecorator {
  const decorators: PropertyDecorator[] = [Type(() => Number), IsInt()];
  if (bounds.min !== undefined) decorators.push(Min(bounds.min));
  if (bounds.max !== undefined) decorators.push(Max(bounds.max));
  return applyDecorators(...decorators);
}

/** Boolean setting: `true`/`1`/`yes` or `false`/`0`/`no` (anything else is reported as invalid). */
export function EnvBoolean(): PropertyDecorator {
  const parse = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(v)) return true;
    if (['false', '0', 'no'].includes(v)) return false;
    return value;
  };
  return applyDecorators(
    Transform(({ value }) => parse(value)),
    ValidateBy({
      name: 'envBoolean',
      validator: { validate: (v) => typeof v === 'boolean', defaultMessage: () => 'must be true or false' },
    }),
  );
}

const internalKeysProblem = (value: unknown, args?: ValidationArguments): string | undefined => {
  const production = (args?.object as { NODE_ENV?: string } | undefined)?.NODE_ENV === 'production';
  try {
    InternalKeyRegistry.parse(typeof value === 'string' ? value : undefined, { minKeyLength: production ? 16 : 1 });
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
};

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Settings of every app (docs/platform.md "Settings"); an app extends it and passes it to `PlatformModule.forRoot({ config })`. */
export class CommonConfig {
  @IsString()
  @IsNotEmpty()
  HOST = '127.0.0.1';

  @IsOptional()
  @EnvInt({ min: 0, max: 65535 })
  PORT?: number;

  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @ValidateBy({
    name: 'internalKeys',
    validator: {
      validate: (value, args) => internalKeysProblem(value, args) === undefined,
      defaultMessage: (args) => internalKeysProblem(args?.value, args) ?? 'INTERNAL_KEYS is invalid',
    },
  })
  INTERNAL_KEYS!: string;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  @EnvInt({ min: 1024 })
  BODY_LIMIT_BYTES = 5 * 1024 * 1024;

  @EnvInt({ min: 1024 })
  MULTIPART_FILE_SIZE_BYTES = 10 * 1024 * 1024;

  @EnvInt({ min: 1, max: 1000 })
  MULTIPART_MAX_FILES = 10;

  @EnvInt({ min: 1 })
  THROTTLE_LIMIT = 600;

  @EnvInt({ min: 1 })
  THROTTLE_TTL_SECONDS = 60;

  @EnvBoolean()
  @ValidateBy({
    name: 'throttleInProduction',
    validator: {
      validate: (value, args) => value !== false || (args?.object as { NODE_ENV?: string }).NODE_ENV !== 'production',
      defaultMessage: () => 'THROTTLE_ENABLED=false is not allowed with NODE_ENV=production',
    },
  })
  THROTTLE_ENABLED = true;

  @IsOptional()
  @EnvInt({ min: 1, max: 65535 })
  EMBEDDED_PG_PORT?: number;

  @IsString()
  @IsNotEmpty()
  DATA_DIR = '.data';

  // End users' bearer tokens (docs/platform.md "End users"): the three set together or not at all (none = every bearer token is
  // refused). Read as they are by @lib/auth `oidcOptionsFromSettings` in the apps that serve people (registry, accounting's pages).
  @ValidateIf(anyOidc)
  @IsString()
  @IsNotEmpty({ message: 'OIDC_ISSUER is required with the other OIDC_* settings' })
  OIDC_ISSUER?: string;

  /** Comma-separated for several audiences. */
  @ValidateIf(anyOidc)
  @IsString()
  @IsNotEmpty({ message: 'OIDC_AUDIENCE is required with the other OIDC_* settings' })
  OIDC_AUDIENCE?: string;

  @ValidateIf(anyOidc)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'OIDC_JWKS_URL must be an http(s) URL' })
  OIDC_JWKS_URL?: string;

  /** Exact name or dotted path, e.g. realm_access.roles. */
  @IsString()
  @IsNotEmpty()
  OIDC_ROLES_CLAIM = 'roles';

  @IsString()
  @IsNotEmpty()
  OIDC_GROUPS_CLAIM = 'groups';
}

/** Whether any of the three required OIDC settings is set. */
function anyOidc(c: CommonConfig): boolean {
  return Boolean(c.OIDC_ISSUER || c.OIDC_AUDIENCE || c.OIDC_JWKS_URL);
}

function describe(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const name = `${prefix}${e.property}`;
    const own = Object.values(e.constraints ?? {}).map((m) => (m.startsWith(name) ? m : `${name}: ${m}`));
    return [...own, ...describe(e.children ?? [], `${name}.`)];
  });
}

export interface LoadConfigOptions {
  /** Validate only these settings: for code that owns a subset of them (its own typed view), e.g. in unit tests. */
  only?: readonly string[];
}

/** Settings from `env` (initializers are the defaults, empty variables unset), validated; a ConfigError names each bad one. */
export function loadConfig<T extends object>(
  configClass: new () => T,
  env: Record<string, unknown> = process.env,
  options: LoadConfigOptions = {},
): T {
  const plain = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const instance = plainToInstance(configClass, plain);
  let errors = validateSync(instance, { whitelist: true, forbidUnknownValues: true });
  if (options.only) errors = errors.filter((e) => options.only?.includes(e.property));
  if (errors.length > 0) throw new ConfigError(describe(errors));
  return instance;
}
