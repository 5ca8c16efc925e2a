import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reconciliation of the books with the SII's RCV (docs/accounting.md "RCV reconciliation"): each run of a period
 * (`rcv_conciliacion`, both books) and each difference it found (`rcv_diferencia`, a purchase or a sale), kept with the accountant's decision. A purchase
 * booked from the RCV's data has no XML until one arrives (`factura.origen = 'rcv'`).
 */
export class RcvConciliacion1799000000000 implements MigrationInterface {
  name = 'RcvConciliacion1799000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE factura ALTER COLUMN xml DROP NOT NULL, ALTER COLUMN xml_sha256 DROP NOT NULL`);
    await q.query(`ALTER TABLE factura ADD CONSTRAINT factura_xml_check
      CHECK ((xml IS NULL) = (xml_sha256 IS NULL) AND (xml IS NOT NULL OR origen = 'rcv'))`);
    await q.query(`
      CREATE TABLE rcv_conciliacion (
        empresa_id uuid NOT NULL REFERENCES empresa(id),
        periodo char(7) NOT NULL,
        consultado_at timestamptz NOT NULL,
        documentos_rcv integer NOT NULL CHECK (documentos_rcv >= 0),
        created_by varchar(64) NOT NULL,
        PRIMARY KEY (empresa_id, periodo)
      )`);
    await q.query(`
      CREATE TABLE rcv_diferencia (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        empresa_id uuid NOT NULL REFERENCES empresa(id),
        periodo char(7) NOT NULL,
        libro varchar(6) NOT NULL CHECK (libro IN ('compra', 'venta')),
        clase varchar(20) NOT NULL CHECK (clase IN ('no_contabilizado', 'no_registrado', 'reclamado', 'montos_distintos')),
        tipo_dte smallint NOT NULL,
        folio bigint NOT NULL,
        rut_contraparte varchar(10) NOT NULL,
        razon_social varchar(200) NOT NULL,
        fecha_emision date NOT NULL,
        estado_rcv varchar(10) NULL,
        neto bigint NOT NULL,
        exento bigint NOT NULL,
        iva bigint NOT NULL,
        total bigint NOT NULL,
        diferencias jsonb NOT NULL DEFAULT '[]',
        factura_id uuid NULL REFERENCES factura(id),
        documento_emitido_id uuid NULL REFERENCES documento_emitido(id),
        estado varchar(10) NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'confirmada', 'descartada', 'superada')),
        asiento_id uuid NULL,
        motivo varchar(500) NULL,
        detectada_at timestamptz NOT NULL DEFAULT now(),
        resuelta_at timestamptz NULL,
        resuelta_por varchar(64) NULL,
        CONSTRAINT rcv_diferencia_documento_uq UNIQUE (empresa_id, libro, tipo_dte, folio, rut_contraparte, clase),
        CONSTRAINT rcv_diferencia_factura_check CHECK (libro = 'compra' OR factura_id IS NULL),
        CONSTRAINT rcv_diferencia_documento_emitido_check CHECK (libro = 'venta' OR documento_emitido_id IS NULL),
        CONSTRAINT rcv_diferencia_asiento_fk FOREIGN KEY (empresa_id, asiento_id) REFERENCES asiento(empresa_id, id),
        CONSTRAINT rcv_diferencia_already_decided_check CHECK ((estado = 'pendiente') = (resuelta_at IS NULL))
      )`);
    await q.query(`CREATE INDEX rcv_diferencia_periodo_idx ON rcv_diferencia (empresa_id, periodo)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rcv_diferencia`);
    await q.query(`DROP TABLE rcv_conciliacion`);
    const [{ n }] = await q.query(`SELECT count(*)::int AS n FROM factura WHERE xml IS NULL`);
    // Their entries are posted (append-only): reverting would leave them without their document.
    if (n > 0) throw new Error(`${n} purchases were booked from the RCV without XML: revert by hand`);
    await q.query(`ALTER TABLE factura DROP CONSTRAINT factura_xml_check`);
    await q.query(`ALTER TABLE factura ALTER COLUMN xml SET NOT NULL, ALTER COLUMN xml_sha256 SET NOT NULL`);
  }
}
