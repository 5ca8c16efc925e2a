import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuditedRoute, requestTenant, type AuditSink, type AuditedRequest } from '@lib/platform';
import { AuditoriaService, sha256Of } from './auditoria.service';
import { AuditoriaStore } from './auditoria.store';
import type { OperacionAuditada } from './operaciones';

/** What a route tells of the operation it did, from its answer and request. */
export interface DetalleAuditado {
  /** The tenant when the request does not name it (`tenant` in body or query); null for all tenants. */
  tenant?: string | null;
  recurso?: string | null;
  /** The bytes involved, or their hex sha256 when the answer gives it; else the answer's canonical JSON is hashed. */
  bytes?: Buffer | string;
  sha256?: string;
}

type Detalle = (
  respuesta: never,
  req: FastifyRequest & { params: Record<string, string> },
  filas: AuditoriaStore,
) => DetalleAuditado | Promise<DetalleAuditado>;

/** The spec of an audited gateway route. */
export interface AuditarSpec {
  operacion: OperacionAuditada;
  detalle: Detalle;
}

/**
 * Marks a critical operation (spec 1 §9): {@link GatewayAuditSink} records its signed receipt before the answer leaves;
 * `detalle` names the tenant, the record and the bytes (docs/ARCHITECTURE.md "Audit").
 */
export function Auditar(operacion: OperacionAuditada, detalle: Detalle = () => ({})): MethodDecorator {
  return AuditedRoute<AuditarSpec>({ operacion, detalle });
}

/** Records the receipt of each {@link Auditar} route that succeeded. */
@Injectable()
export class GatewayAuditSink implements AuditSink<AuditarSpec> {
  constructor(
    private readonly auditoria: AuditoriaService,
    private readonly filas: AuditoriaStore,
  ) {}

  async succeeded(spec: AuditarSpec, request: AuditedRequest, respuesta: unknown): Promise<void> {
    const req = request as unknown as FastifyRequest & { params: Record<string, string>; caller?: string };
    const d = await spec.detalle(respuesta as never, req, this.filas);
    await this.auditoria.record({
      operacion: spec.operacion,
      actor: req.caller ?? 'unknown',
      tenant: d.tenant !== undefined ? d.tenant : (requestTenant(req as never) ?? null),
      recurso: d.recurso ?? null,
      sha256: d.sha256 ?? sha256Of(d.bytes, respuesta),
    });
  }
}
