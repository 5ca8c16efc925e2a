import { MigrationInterface, QueryRunner } from 'typeorm';

/** The book's own words and the submission pipeline's, in this order (docs/tax-gateway.md "Submission pipeline"). */
const ESTADOS: [string, string][] = [
  ['generado', 'signed'],
  ['enviando', 'uploading'],
  ['enviado', 'uploaded'],
  ['envio_fallido', 'upload_failed'],
];

/** A CASE over `expr` mapping each pair's first word to its second (`back`: the other way); other values are kept. */
function renamed(expr: string, back = false): string {
  const whens = ESTADOS.map(([libro, envio]) => (back ? `WHEN '${envio}' THEN '${libro}'` : `WHEN '${libro}' THEN '${envio}'`));
  return `CASE ${expr} ${whens.join(' ')} ELSE ${expr} END`;
}

/**
 * Books move onto the submission pipeline: the pipeline's state words, the history as rows of `libro_estado` (the
 * shape of dte_emission_status) instead of a JSON column, and `resultado` in the published words. The SII states
 * that end a book are written out: a migration does not follow the code that changes after it.
 */
export class LibroEnvio1797000000020 implements MigrationInterface {
  name = 'LibroEnvio1797000000020';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE libro ALTER COLUMN estado TYPE varchar(24)`);
    await q.query(`UPDATE libro SET estado = ${renamed('estado')}`);
    await q.query(`
      CREATE TABLE libro_estado (
        id bigserial PRIMARY KEY,
        libro_id uuid NOT NULL REFERENCES libro (id) ON DELETE CASCADE,
        estado varchar(24) NOT NULL,
        glosa text,
        detail jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX libro_estado_libro_idx ON libro_estado (libro_id, id)');
    await q.query(`
      INSERT INTO libro_estado (libro_id, estado, glosa, created_at)
      SELECT l.id, ${renamed("h.e->>'estado'")}, h.e->>'glosa', (h.e->>'at')::timestamptz
        FROM libro l CROSS JOIN LATERAL jsonb_array_elements(l.historial) WITH ORDINALITY AS h (e, n)
       ORDER BY l.created_at, l.id, h.n`);
    await q.query('ALTER TABLE libro DROP COLUMN historial');
    await q.query(`ALTER TABLE libro ADD COLUMN resultado varchar(20) NOT NULL DEFAULT 'pendiente'
      CONSTRAINT libro_resultado_ck CHECK (resultado IN ('aceptado', 'aceptado_con_reparos', 'rechazado', 'pendiente'))`);
    await q.query(`UPDATE libro SET resultado = 'aceptado' WHERE estado IN ('LOK', 'EPR')`);
    await q.query(`UPDATE libro SET resultado = 'rechazado' WHERE estado IN ('LRH', 'RCO', 'RSC', 'RFR', 'RCT', 'RPT', 'VOF')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE libro DROP COLUMN resultado');
    await q.query(`ALTER TABLE libro ADD COLUMN historial jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`
      UPDATE libro l SET historial = h.eventos
        FROM (SELECT libro_id,
                     jsonb_agg(jsonb_build_object('estado', ${renamed('estado', true)}, 'glosa', glosa, 'at', created_at) ORDER BY id) AS eventos
                FROM libro_estado GROUP BY libro_id) h
       WHERE h.libro_id = l.id`);
    await q.query('ALTER TABLE libro ALTER COLUMN historial DROP DEFAULT');
    await q.query('DROP TABLE libro_estado');
    await q.query(`UPDATE libro SET estado = ${renamed('estado', true)}`);
    await q.query('ALTER TABLE libro ALTER COLUMN estado TYPE varchar(16)');
  }
}
