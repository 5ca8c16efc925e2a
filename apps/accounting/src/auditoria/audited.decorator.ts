import { AuditedRoute } from '@lib/platform';

/** What an audited route of accounting records (docs/accounting.md "Audit trail"). */
export interface AuditedOptions {
  accion: string;
  entidad: string;
  /** `write`: the service records success in its transaction, the audit sink refusals only. */
  kind: 'write' | 'read';
  /** The route's `:id` is the empresa. */
  empresaFromParam?: boolean;
}

export const Audited = (options: AuditedOptions): MethodDecorator => AuditedRoute(options);
