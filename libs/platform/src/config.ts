import { Transform, Type, plainToInstance } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateBy,
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

/** Integer setting read from a string environment variable, with optional bounds. */
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

/** Log levels accepted by `LOG_LEVEL` (pino). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Settings every app has (docs/platform.md "Settings"). Apps extend this class with their own settings
 * and pass it to `PlatformModule.forRoot({ config })`; the validated instance is injectable by its class.
 */
export class CommonConfig {
  /** Listen address; loopback unless told otherwise. */
  @IsString()
  @IsNotEmpty()
  HOST = '127.0.0.1';

  /** Listen port; the app's default port (8270, 8260, 8280) when unset; 0 picks a free port. */
  @IsOptional()
  @EnvInt({ min: 0, max: 65535 })
  PORT?: number;

  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  /** Redis shared by the app's processes (rate limits, caches); unset: everything stays in process. */
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /** PostgreSQL URL; unset outside production starts an embedded PostgreSQL. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  /** `caller:key,caller2:key2`; keys of at least 16 characters in production. */
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

  /** Largest accepted request body (JSON and others except multipart), bytes. */
  @EnvInt({ min: 1024 })
  BODY_LIMIT_BYTES = 5 * 1024 * 1024;

  /** Largest accepted file in a multipart upload, bytes. */
  @EnvInt({ min: 1024 })
  MULTIPART_FILE_SIZE_BYTES = 10 * 1024 * 1024;

  /** Most files accepted in one multipart upload. */
  @EnvInt({ min: 1, max: 1000 })
  MULTIPART_MAX_FILES = 10;

  /** Default rate limit per caller + tenant, requests per window (routes may set their own). */
  @EnvInt({ min: 1 })
  THROTTLE_LIMIT = 600;

  @EnvInt({ min: 1 })
  THROTTLE_TTL_SECONDS = 60;

  /** Rate limits on (default). Off only for tests and benchmarks that send many requests on purpose; refused in production. */
  @EnvBoolean()
  @ValidateBy({
    name: 'throttleInProduction',
    validator: {
      validate: (value, args) => value !== false || (args?.object as { NODE_ENV?: string }).NODE_ENV !== 'production',
      defaultMessage: () => 'THROTTLE_ENABLED=false is not allowed with NODE_ENV=production',
    },
  })
  THROTTLE_ENABLED = true;

  /** Port of the embedded PostgreSQL (development only); a free port when unset. */
  @IsOptional()
  @EnvInt({ min: 1, max: 65535 })
  EMBEDDED_PG_PORT?: number;

  /** Root of local state (embedded PostgreSQL data lives in `<DATA_DIR>/<app>/pg`); relative to the working directory. */
  @IsString()
  @IsNotEmpty()
  DATA_DIR = '.data';
}

function describe(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const name = `${prefix}${e.property}`;
    const own = Object.values(e.constraints ?? {}).map((m) => (m.startsWith(name) ? m : `${name}: ${m}`));
    return [...own, ...describe(e.children ?? [], `${name}.`)];
  });
}

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /**
   * Validate and report only these settings (the others keep whatever they hold). For code that owns a
   * subset of an app's settings and derives its own typed view from them, e.g. in unit tests.
   */
  only?: readonly string[];
}

/**
 * Reads and validates settings from the environment into an instance of `configClass` (class-validator
 * decorators; class field initializers are the defaults). Empty variables count as unset.
 * @throws ConfigError naming each bad or missing setting.
 */
export function loadConfig<T extends object>(
  configClass: new () => T,
  env: Record<string, unknown> = process.env,
  options: LoadConfigOptions = {},
): T {
  const plain = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const instance = plainToInstance(configClass, plain);
  // whitelist drops every environment variable that is not a declared setting.
  let errors = validateSync(instance, { whitelist: true, forbidUnknownValues: true });
  if (options.only) errors = errors.filter((e) => options.only?.includes(e.property));
  if (errors.length > 0) throw new ConfigError(describe(errors));
  return instance;
}
