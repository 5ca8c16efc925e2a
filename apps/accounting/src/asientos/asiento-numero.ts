import { EntityManager } from 'typeorm';

/**
 * Takes the next `count` correlative entry numbers of an empresa from its row
 * (`empresa.ultimo_numero_asiento`) and returns the first one; the caller uses
 * `first .. first + count - 1`. The caller MUST hold the empresa lock (`lockEmpresa`) in `em`'s
 * transaction: numbers are then gap-free, and a rolled-back transaction gives them back.
 * Shared by single postings (`LedgerService.post`) and the bulk import.
 */
export async function reserveAsientoNumeros(em: EntityManager, empresaId: string, count = 1): Promise<number> {
  // A CTE so the driver returns rows (TypeORM answers a bare UPDATE with [rows, count]).
  const [{ primero }] = await em.query(
    `WITH next AS (UPDATE empresa SET ultimo_numero_asiento = ultimo_numero_asiento + $2::int WHERE id = $1 RETURNING ultimo_numero_asiento)
     SELECT ultimo_numero_asiento - $2::int + 1 AS primero FROM next`,
    [empresaId, count],
  );
  return primero;
}
