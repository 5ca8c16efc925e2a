import { BoletaEnvio1797000000022 } from '../src/database/migrations/1797000000022-BoletaEnvio';
import { beforeMigration, insertRow } from './support/migration-rows';

describe('migration BoletaEnvio1797000000022 (boletas in EnvioBOLETA)', () => {
  it('keeps every emission with no envelope, takes envelopes of 1 to 500 boletas, and goes down to the schema before', async () => {
    await beforeMigration(BoletaEnvio1797000000022, async (q) => {
      const emision = await insertRow(q, 'dte_emission', { neto: '0', exento: '0', iva: '0', total: '0', tipo_dte: '33', folio: '1' });
      await new BoletaEnvio1797000000022().up(q);
      expect(await q.query('SELECT id, boleta_envio_id FROM dte_emission')).toEqual([{ id: emision, boleta_envio_id: null }]);
      const envio = await insertRow(q, 'boleta_envio', { tenant: '76086428-5', boletas: '500', xml_sha256: 'a'.repeat(64) });
      await q.query('UPDATE dte_emission SET boleta_envio_id = $1 WHERE id = $2', [envio, emision]);
      await expect(insertRow(q, 'boleta_envio', { tenant: '76086428-5', boletas: '501', xml_sha256: 'b'.repeat(64) })).rejects.toThrow(
        /boleta_envio_boletas_ck/,
      );
      await new BoletaEnvio1797000000022().down(q);
      const columnas: { column_name: string }[] = await q.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'dte_emission' AND column_name = 'boleta_envio_id'`,
      );
      expect(columnas).toEqual([]);
      expect(await q.query(`SELECT to_regclass('boleta_envio') AS t`)).toEqual([{ t: null }]);
      expect(await q.query('SELECT count(*)::int AS n FROM dte_emission')).toEqual([{ n: 1 }]);
    });
  });
});
