import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A boleta's reversal is read from the ledger (`asiento.reversa_de`), not stored beside it: the stored copy missed an entry reversed by
 * hand (POST /contable/asientos/{id}/reversa), which the F29 then still counted (docs/accounting.md "Boletas de honorarios").
 */
export class BoletaHonorariosSinReversa1799000000005 implements MigrationInterface {
  name = 'BoletaHonorariosSinReversa1799000000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE boleta_honorarios DROP COLUMN reversa_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE boleta_honorarios ADD COLUMN reversa_id uuid NULL`);
    await q.query(`UPDATE boleta_honorarios b SET reversa_id = r.id FROM asiento r WHERE r.reversa_de = b.asiento_id`);
    await q.query(`ALTER TABLE boleta_honorarios ADD CONSTRAINT boleta_honorarios_reversa_fk
                     FOREIGN KEY (empresa_id, reversa_id) REFERENCES asiento(empresa_id, id)`);
  }
}
