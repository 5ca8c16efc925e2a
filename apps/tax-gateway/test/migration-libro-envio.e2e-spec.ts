import type { QueryRunner } from 'typeorm';
import { LibroEnvio1797000000020 } from '../src/database/migrations/1797000000020-LibroEnvio';
import { beforeMigration, insertRow } from './support/migration-rows';

const evento = (estado: string, glosa: string | null, at: string) => ({ estado, glosa, at });

function insertLibro(q: QueryRunner, version: number, estado: string, historial: object[]): Promise<string> {
  return insertRow(q, 'libro', {
    tenant: '76086428-5',
    tipo: 'venta',
    periodo: '2026-10',
    version: String(version),
    estado,
    historial: JSON.stringify(historial),
  });
}

describe('migration LibroEnvio1797000000020 (books on the submission pipeline)', () => {
  it('renames the states, moves the JSON history into rows in order, fills resultado, and goes back down without loss', async () => {
    await beforeMigration(LibroEnvio1797000000020, async (q) => {
      const sent = [
        evento('generado', null, '2026-11-01T10:00:00.000Z'),
        evento('enviando', null, '2026-11-01T10:01:00.000Z'),
        evento('enviado', null, '2026-11-01T10:01:02.000Z'),
        evento('LOK', 'Libro Cuadrado', '2026-11-01T10:05:00.000Z'),
      ];
      const failed = [
        evento('generado', null, '2026-11-02T10:00:00.000Z'),
        evento('envio_fallido', 'sii_unavailable', '2026-11-02T10:01:00.000Z'),
      ];
      const lok = await insertLibro(q, 1, 'LOK', sent);
      const fallido = await insertLibro(q, 2, 'envio_fallido', failed);
      const lrh = await insertLibro(q, 3, 'LRH', [
        evento('generado', null, '2026-11-03T10:00:00.000Z'),
        evento('LRH', 'Rechazado', '2026-11-03T10:09:00.000Z'),
      ]);
      const generado = await insertLibro(q, 4, 'generado', [evento('generado', null, '2026-11-04T10:00:00.000Z')]);

      await new LibroEnvio1797000000020().up(q);

      const libros: { id: string; estado: string; resultado: string }[] = await q.query('SELECT id, estado, resultado FROM libro');
      const byId = new Map(libros.map((l) => [l.id, l]));
      expect([lok, fallido, lrh, generado].map((id) => [byId.get(id)?.estado, byId.get(id)?.resultado])).toEqual([
        ['LOK', 'aceptado'],
        ['upload_failed', 'pendiente'],
        ['LRH', 'rechazado'],
        ['signed', 'pendiente'],
      ]);
      const historia = async (id: string) =>
        (await q.query('SELECT estado, glosa, created_at FROM libro_estado WHERE libro_id = $1 ORDER BY id', [id])).map(
          (h: { estado: string; glosa: string | null; created_at: Date }) => [h.estado, h.glosa, h.created_at.toISOString()],
        );
      expect(await historia(lok)).toEqual([
        ['signed', null, '2026-11-01T10:00:00.000Z'],
        ['uploading', null, '2026-11-01T10:01:00.000Z'],
        ['uploaded', null, '2026-11-01T10:01:02.000Z'],
        ['LOK', 'Libro Cuadrado', '2026-11-01T10:05:00.000Z'],
      ]);
      expect(await historia(fallido)).toEqual([
        ['signed', null, '2026-11-02T10:00:00.000Z'],
        ['upload_failed', 'sii_unavailable', '2026-11-02T10:01:00.000Z'],
      ]);
      await expect(q.query(`UPDATE libro SET resultado = 'reparos' WHERE id = $1`, [lok])).rejects.toThrow(/libro_resultado_ck/);

      await new LibroEnvio1797000000020().down(q);
      const back: { id: string; estado: string; historial: object[] }[] = await q.query('SELECT id, estado, historial FROM libro');
      const atras = new Map(back.map((l) => [l.id, l]));
      expect(atras.get(lok)).toMatchObject({ estado: 'LOK', historial: sent.map((e) => ({ ...e, at: expect.any(String) })) });
      expect(atras.get(fallido)?.estado).toBe('envio_fallido');
      expect(atras.get(fallido)?.historial.map((e) => (e as { estado: string }).estado)).toEqual(['generado', 'envio_fallido']);
    });
  });
});
