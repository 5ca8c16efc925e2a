import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Portal visits per RUT, kind and day, counted in the database so a restart or another process does not reset them (docs/tax-gateway.md
 * "Portal").
 */
export class PortalVisita1797000000007 implements MigrationInterface {
  name = 'PortalVisita1797000000007';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE portal_visita (
        id uuid PRIMARY KEY,
        rut varchar(10) NOT NULL,
        tipo varchar(32) NOT NULL,
        dia date NOT NULL,
        estado varchar(10) NOT NULL,
        resultado jsonb,
        pdf bytea,
        error text,
        tenant varchar(10) NOT NULL,
        visitada_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT portal_visita_estado_ck CHECK (estado IN ('en_curso', 'ok', 'fallida'))
      )`);
    // One visit a day that did not fail: a failed one leaves the day free.
    await q.query(`CREATE UNIQUE INDEX portal_visita_dia_uq ON portal_visita (rut, tipo, dia) WHERE estado <> 'fallida'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE portal_visita');
  }
}
