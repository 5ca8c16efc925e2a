import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PaginaQueryDto } from './pagina.dto';

const errores = (query: Record<string, string>) => validateSync(plainToInstance(PaginaQueryDto, query)).map((e) => e.property);

describe('PaginaQueryDto (the one ?limit=&offset= of the apps)', () => {
  it('defaults to 50 from 0 and takes numbers given as query strings', () => {
    expect({ ...plainToInstance(PaginaQueryDto, {}) }).toEqual({ limit: 50, offset: 0 });
    expect({ ...plainToInstance(PaginaQueryDto, { limit: '200', offset: '1000000' }) }).toEqual({ limit: 200, offset: 1_000_000 });
    expect(errores({ limit: '200', offset: '1000000' })).toEqual([]);
  });

  it('refuses a limit outside 1-200 and an offset outside 0-1,000,000', () => {
    expect(errores({ limit: '0' })).toEqual(['limit']);
    expect(errores({ limit: '201' })).toEqual(['limit']);
    expect(errores({ offset: '-1' })).toEqual(['offset']);
    expect(errores({ offset: '1000001' })).toEqual(['offset']);
    expect(errores({ limit: '2.5' })).toEqual(['limit']);
  });
});
