import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { EmitirDto } from './emitir.dto';

const valid = () => ({
  tenant: '76086428-5',
  tipo_dte: 33,
  fecha_emision: '2025-05-10',
  receptor: { rut: '76543210-3', razon_social: 'Comercial Los Aromos Limitada', giro: 'Comercio', direccion: 'Av. 1', comuna: 'Santiago' },
  detalle: [{ nombre: 'Servicio', cantidad: 1, precio_unitario: 1000 }],
});

async function failures(body: unknown): Promise<string[]> {
  const errors = await validate(plainToInstance(EmitirDto, body) as object, { whitelist: true, forbidNonWhitelisted: true });
  return errors.map((e) => e.property);
}

describe('EmitirDto (the emission contract)', () => {
  it('accepts an ordinary factura', async () => {
    expect(await failures(valid())).toEqual([]);
  });

  it('refuses a receptor that is an array, not an object', async () => {
    expect(await failures({ ...valid(), receptor: [valid().receptor] })).toEqual(['receptor']);
  });

  it('refuses detalle and referencias lines that are arrays (class-validator would walk into them)', async () => {
    expect(await failures({ ...valid(), detalle: [[valid().detalle[0]]] })).toEqual(['detalle']);
    const ref = { tipo_doc: '33', folio: '1', fecha: '2025-05-01' };
    expect(await failures({ ...valid(), tipo_dte: 61, referencias: [[ref]] })).toEqual(['referencias']);
  });

  it('refuses dates that are not calendar dates', async () => {
    expect(await failures({ ...valid(), fecha_emision: '2025-02-30' })).toEqual(['fecha_emision']);
    expect(await failures({ ...valid(), fecha_emision: '2025-5-10' })).toEqual(['fecha_emision']);
  });

  it('refuses a negative zero price, which @Min(0) lets through', async () => {
    expect(await failures({ ...valid(), detalle: [{ nombre: 'x', cantidad: 1, precio_unitario: -0 }] })).toEqual(['detalle']);
    expect(await failures({ ...valid(), detalle: [{ nombre: 'x', cantidad: 1, precio_unitario: 0 }] })).toEqual([]);
  });
});
