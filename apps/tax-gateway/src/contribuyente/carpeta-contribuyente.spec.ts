import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCarpetaTributaria } from '@lib/portal';
import { recordFromCarpeta } from './carpeta-contribuyente';

describe('recordFromCarpeta (a tenant’s own data from its carpeta tributaria)', () => {
  it('takes the legal name, the domicilio split at its last comma, the activities with codes and the representatives', () => {
    const carpeta = parseCarpetaTributaria(
      readFileSync(join(__dirname, '../../../../libs/portal/test/fixtures/carpeta-completa.html'), 'utf8'),
    );
    const record = recordFromCarpeta(carpeta.encabezado.rut, carpeta);
    expect(record).toMatchObject({ rut: carpeta.encabezado.rut, razon_social: carpeta.encabezado.nombre, fuente: 'carpeta_tributaria' });
    const [direccion, comuna] = [record.direccion, record.comuna];
    expect(`${direccion}, ${comuna}`).toBe(carpeta.contribuyente.domicilio);
    expect(comuna).not.toContain(',');
    expect(record.giros).toEqual(carpeta.contribuyente.actividades.map((a) => ({ codigo: a.codigo ?? '', descripcion: a.descripcion })));
    expect(record.representantes.every((r) => r.rut && r.nombre)).toBe(true);
  });

  it('says vigente, or the carpeta’s observation, or that there is no start of activities', () => {
    const base = parseCarpetaTributaria(
      readFileSync(join(__dirname, '../../../../libs/portal/test/fixtures/carpeta-completa.html'), 'utf8'),
    );
    const con = (fecha: string | null, observaciones: string | null) =>
      recordFromCarpeta('1-9', { ...base, contribuyente: { ...base.contribuyente, fecha_inicio_actividades: fecha, observaciones } })
        .estado;
    expect(con('2010-03-15', null)).toBe('vigente');
    expect(con('2010-03-15', 'No tiene observaciones.')).toBe('vigente');
    expect(con('2010-03-15', 'TERMINO DE GIRO')).toBe('TERMINO DE GIRO');
    expect(con(null, null)).toBe('sin inicio de actividades');
  });
});
