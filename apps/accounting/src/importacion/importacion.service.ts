import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { reserveAsientoNumeros } from '../asientos/asiento-numero';
import { IdempotencyService, IdempotentResult } from '../asientos/idempotency.service';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { Actor } from '../common/actor';
import { lockEmpresa } from '../common/empresa-lock';
import { inTransaction } from '../common/transaction';
import { insertEntries } from './bulk-insert';
import { ImportErrors } from './import-errors';
import { ParsedImport } from './import-csv.reader';
import { ImportAccount, planEntries } from './import-plan';
import { ImportResult } from './dto/import-result.view';

/**
 * The one-time import of earlier books (docs/spec/3-style-catalog-and-accounting.md §2.4): all or nothing in ONE transaction. Under
 * the empresa lock it checks the parsed lines against the chart and the closed periods, groups
 * them into entries (ledger rules), takes the correlative numbers like any posting, bulk-inserts,
 * and writes the audit record; the deferred balance trigger checks every entry at COMMIT.
 */
@Injectable()
export class ImportacionService {
  constructor(
    private readonly ds: DataSource,
    private readonly idempotency: IdempotencyService,
    private readonly auditoria: AuditoriaService,
  ) {}

  /**
   * @param errors the problems found by the streaming pass (more are added here).
   * @throws 404 empresa; 422 `import_invalid` with `errors[{line, field, message}]`;
   *   409 `idempotency_key_reused`; 422 `unbalanced_entry` | 409 `period_closed` should a database guard fire.
   */
  importar(
    empresaId: string,
    parsed: ParsedImport,
    errors: ImportErrors,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<IdempotentResult<ImportResult>> {
    return inTransaction(this.ds, (em) =>
      this.idempotency.run(em, actor, idempotencyKey, 'importar_asientos', 201, async () => {
        await lockEmpresa(em, empresaId);
        const accounts = await this.accounts(em, empresaId, parsed);
        const closed = await this.closedPeriods(em, empresaId);
        const entries = planEntries(parsed, accounts, closed, errors);
        if (errors.count > 0 || entries.length === 0) throw errors.toProblem();
        const first = await reserveAsientoNumeros(em, empresaId, entries.length);
        await insertEntries(em, empresaId, first, entries, accounts, actor.caller);
        await this.auditoria.record(em, actor, {
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

  private async accounts(em: EntityManager, empresaId: string, parsed: ParsedImport): Promise<Map<string, ImportAccount>> {
    const codigos = [...new Set(parsed.rows.map((r) => r.cuenta))];
    const rows: ImportAccount[] = await em.query('SELECT id, codigo, imputable FROM cuenta WHERE empresa_id = $1 AND codigo = ANY($2)', [
      empresaId,
      codigos,
    ]);
    return new Map(rows.map((r) => [r.codigo, r]));
  }

  private async closedPeriods(em: EntityManager, empresaId: string): Promise<Set<string>> {
    const rows: { periodo: string }[] = await em.query('SELECT periodo FROM periodo_cerrado WHERE empresa_id = $1', [empresaId]);
    return new Set(rows.map((r) => r.periodo));
  }
}
