import { ProblemException } from '@lib/schemas';
import type { ServiceEntity, ServiceMetadata } from './entities/service.entity';
import type { ServiceFieldsDto } from './dto/service-fields.dto';

const PLAIN_FIELDS = [
  'name',
  'tagline',
  'description',
  'features',
  'pricing_tier',
  'self_service',
  'is_active',
  'status',
  'sunset_at',
  'maintainer',
  'repository_url',
  'health_url',
  'port',
] as const;

/**
 * Absent = unchanged, null = cleared; `metadata` merges key by key (`visibility` ignored: it mirrors
 * marketplace_status). Returns the fields whose value changed.
 */
export function applyFields(service: ServiceEntity, dto: ServiceFieldsDto & { name?: string }): string[] {
  const changed: string[] = [];
  const target = service as unknown as Record<string, unknown>;
  for (const field of PLAIN_FIELDS) {
    const value = (dto as Record<string, unknown>)[field];
    if (value === undefined) continue;
    if (!sameValue(target[field], value)) changed.push(field);
    target[field] = value;
  }
  if (dto.metadata !== undefined) {
    const merged: ServiceMetadata = { ...(service.metadata ?? {}) };
    for (const [key, value] of Object.entries(dto.metadata)) {
      if (key === 'visibility') continue;
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    if (JSON.stringify(merged) !== JSON.stringify(service.metadata ?? {})) changed.push('metadata');
    service.metadata = merged;
  }
  if (service.status === 'deprecated' && !service.sunset_at) {
    throw new ProblemException(400, 'validation_failed', 'A deprecated service needs a sunset date.', {
      errors: [{ field: 'sunset_at', message: 'sunset_at is required when status is deprecated' }],
    });
  }
  return changed;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a !== null && b !== null && a !== undefined && new Date(a as Date).getTime() === new Date(b as Date).getTime();
  }
  return JSON.stringify(a) === JSON.stringify(b);
}
