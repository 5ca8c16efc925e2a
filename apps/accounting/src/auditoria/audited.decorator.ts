import { SetMetadata } from '@nestjs/common';

export const AUDITED = 'accounting:audited';

/** How a route is audited. */
export interface AuditedOptions {
  accion: string;
  entidad: string;
  /**
   * `write`: the service records success inside its transaction; the interceptor records
   * refusals only. `read`: the interceptor records both.
   */
  kind: 'write' | 'read';
  /** The route's `:id` parameter is the empresa (GET /contable/empresas/{id}). */
  empresaFromParam?: boolean;
}

/** Marks a route for the audit trail (see {@link AuditInterceptor}). */
export const Audited = (options: AuditedOptions): MethodDecorator => SetMetadata(AUDITED, options);
