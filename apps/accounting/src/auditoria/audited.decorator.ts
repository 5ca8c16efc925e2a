import { SetMetadata } from '@nestjs/common';

export const AUDITED = 'accounting:audited';

export interface AuditedOptions {
  accion: string;
  entidad: string;
  /** `write`: the service records success in its transaction, the interceptor refusals only. */
  kind: 'write' | 'read';
  /** The route's `:id` is the empresa. */
  empresaFromParam?: boolean;
}

export const Audited = (options: AuditedOptions): MethodDecorator => SetMetadata(AUDITED, options);
