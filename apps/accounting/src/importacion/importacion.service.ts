import { Injectable } from '@nestjs/common';
import { IdempotencyService } from '../asientos/idempotency.service';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { Actor } from '../common/actor';
import { IdempotentResult } from '../common/idempotent-reply';
import { ImportErrors } from './import-errors';
import { ParsedImport } from './import-csv.reader';
import { planEntries } from './import-plan';
import { ImportacionStore } from './importacion.store';
import { ImportResultView } from './dto/import-result.view';

/**
 * The one-time import of earlier books (docs/spec/3-style-catalog-and-accounting.md §2.4): all or nothing in
 * ONE transaction under the empresa lock; the deferred balance trigger checks every entry at COMMIT.
 */
@Injectable()
export class ImportacionService {
  constructor(
    private readonly store: ImportacionStore,
    private readonly idempotency: IdempotencyService,
    private readonly auditoria: AuditoriaService,
  ) {}

  /** `errors`: the problems of the streaming pass (more are added here). */
  importEntries(
    empresaId: string,
    parsed: ParsedImport,
    errors: ImportErrors,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<IdempotentResult<ImportResultView>> {
    return this.store.transaction((tx) =>
      this.idempotency.run(tx, actor, idempotencyKey, 'importar_asientos', 201, async () => {
        await this.store.lockEmpresa(tx, empresaId);
        const accounts = await this.store.accounts(tx, empresaId, [...new Set(parsed.rows.map((r) => r.cuenta))]);
        const closed = await this.store.closedPeriods(tx, empresaId);
        const entries = planEntries(parsed, accounts, closed, errors);
        if (errors.count > 0 || entries.length === 0) throw errors.toProblem();
        const first = await this.store.reserveAsientoNumeros(tx, empresaId, entries.length);
        await this.store.insertEntries(tx, empresaId, first, entries, accounts, actor.caller);
        await this.auditoria.record(tx, actor, {
          empresaId,
          accion: 'importar_asientos',
          entidad: 'importacion',
          entidadId: parsed.sha256,
        });
        return {
          empresa_id: empresaId,
          comprobantes: entries.length,
          lineas: parsed.rows.length,
          asientos: [first, first + entries.length - 1] as [number, number],
          archivo_sha256: parsed.sha256,
        };
      }),
    );
  }
}
