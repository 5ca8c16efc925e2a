import { MigrationInterface, QueryRunner } from 'typeorm';

/** Acceptances and claims registered in the RCV for received DTEs (docs/tax-gateway.md "Reception"). */
export class RecepcionEvento1797000000004 implements MigrationInterface {
  name = 'RecepcionEvento1797000000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE recepcion_evento (
        id uuid PRIMARY KEY,
        recepcion_id uuid NOT NULL REFERENCES recepcion (id),
        tenant varchar(10) NOT NULL,
        accion varchar(3) NOT NULL,
        motivo text,
        desc_resp text NOT NULL,
        fecha_recepcion_sii timestamptz NOT NULL,
        caller varchar(40),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX recepcion_evento_recepcion ON recepcion_evento (recepcion_id, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE recepcion_evento');
  }
}
