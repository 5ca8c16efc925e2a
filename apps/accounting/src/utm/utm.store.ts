import { Injectable } from '@nestjs/common';
import { AccountingStore, Tx } from '../common/accounting.store';
import { isoInstant } from '../common/sql';
import type { UtmView } from './dto/utm.dto';

const VIEW = `mes, valor, ${isoInstant('updated_at')}, updated_by`;

/** The UTM of each month (`utm`). */
@Injectable()
export class UtmStore extends AccountingStore {
  /** Whether the month was new. */
  async put(tx: Tx, mes: string, valor: number, caller: string): Promise<{ utm: UtmView; nuevo: boolean }> {
    const [row] = await tx.query(
      `INSERT INTO utm (mes, valor, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (mes) DO UPDATE SET valor = EXCLUDED.valor, updated_at = now(), updated_by = EXCLUDED.updated_by
       RETURNING ${VIEW}, (xmax = 0) AS nuevo`,
      [mes, valor, caller],
    );
    const { nuevo, ...utm } = row;
    return { utm, nuevo };
  }

  list(): Promise<UtmView[]> {
    return this.ds.query(`SELECT ${VIEW} FROM utm ORDER BY mes`);
  }

  /** Pesos by month. */
  async valores(): Promise<Map<string, number>> {
    return new Map((await this.list()).map((u) => [u.mes, u.valor]));
  }
}
