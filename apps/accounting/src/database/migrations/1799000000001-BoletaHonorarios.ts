import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Boletas de honorarios received and booked (docs/accounting.md "Boletas de honorarios"): one row per (empresa, issuer, folio), with the
 * rate and retention applied (Ley 21.133's schedule) beside the SII's figure, its entry, and the reversal's when the SII later lists it voided.
 */
export class BoletaHonorarios1799000000001 implements MigrationInterface {
  name = 'BoletaHonorarios1799000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE boleta_honorarios (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        empresa_id uuid NOT NULL REFERENCES empresa(id),
        rut_emisor varchar(10) NOT NULL,
        nombre_emisor varchar(200) NOT NULL,
        folio bigint NOT NULL CHECK (folio > 0),
        fecha date NOT NULL,
        bruto bigint NOT NULL CHECK (bruto > 0),
        tasa numeric(5, 2) NOT NULL CHECK (tasa >= 0),
        retencion bigint NOT NULL CHECK (retencion >= 0 AND retencion <= bruto),
        retencion_sii bigint NOT NULL CHECK (retencion_sii >= 0),
        liquido bigint NOT NULL CHECK (liquido = bruto - retencion),
        codigo_barras varchar(64) NOT NULL,
        asiento_id uuid NOT NULL,
        reversa_id uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by varchar(64) NOT NULL,
        CONSTRAINT boleta_honorarios_natural_uq UNIQUE (empresa_id, rut_emisor, folio),
        CONSTRAINT boleta_honorarios_asiento_fk FOREIGN KEY (empresa_id, asiento_id) REFERENCES asiento(empresa_id, id),
        CONSTRAINT boleta_honorarios_reversa_fk FOREIGN KEY (empresa_id, reversa_id) REFERENCES asiento(empresa_id, id)
      )`);
    await q.query(`CREATE INDEX boleta_honorarios_fecha_idx ON boleta_honorarios (empresa_id, fecha)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE boleta_honorarios`);
  }
}
