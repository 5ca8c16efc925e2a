import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Boletas go to the SII in EnvioBOLETA of up to 500 (docs/tax-gateway.md "Boletas"): each envelope as uploaded, and on each
 * boleta the envelope it went in. A boleta's own `xml` is its signed DTE.
 */
export class BoletaEnvio1797000000022 implements MigrationInterface {
  name = 'BoletaEnvio1797000000022';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE boleta_envio (
        id uuid PRIMARY KEY,
        tenant varchar(10) NOT NULL,
        rut_envia varchar(10) NOT NULL,
        boletas int NOT NULL CONSTRAINT boleta_envio_boletas_ck CHECK (boletas BETWEEN 1 AND 500),
        trackid varchar(20),
        xml bytea NOT NULL,
        xml_sha256 char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX boleta_envio_tenant_trackid_idx ON boleta_envio (tenant, trackid)');
    await q.query('ALTER TABLE dte_emission ADD COLUMN boleta_envio_id uuid REFERENCES boleta_envio (id)');
    await q.query(
      `CREATE INDEX dte_emission_boleta_por_enviar_idx ON dte_emission (tenant, created_at) WHERE estado = 'signed' AND tipo_dte IN (39, 41)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX dte_emission_boleta_por_enviar_idx');
    await q.query('ALTER TABLE dte_emission DROP COLUMN boleta_envio_id');
    await q.query('DROP TABLE boleta_envio');
  }
}
