import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dteAssetsDir } from './assets';
import { TIPOS_DTE_INTERCAMBIO, TIPOS_LIBRO_CV, describeTipoDte, tipoNoRecibible } from './tipos-dte';

describe('TIPOS_DTE_INTERCAMBIO', () => {
  it('is the DTEType enumeration of the shipped SiiTypes_v10.xsd, which DTE_v10 and RespuestaEnvioDTE_v10 use', () => {
    const xsd = readFileSync(join(dteAssetsDir(), 'xsd', 'SiiTypes_v10.xsd'), 'latin1');
    const dteType = /<xs:simpleType name="DTEType">([\s\S]*?)<\/xs:simpleType>/.exec(xsd)?.[1] ?? '';
    const values = [...dteType.matchAll(/enumeration value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(values).toEqual(TIPOS_DTE_INTERCAMBIO);
    for (const schema of ['DTE_v10.xsd', 'RespuestaEnvioDTE_v10.xsd']) {
      expect(readFileSync(join(dteAssetsDir(), 'xsd', schema), 'latin1')).toMatch(/name="TipoDTE" type="SiiDte:DTEType"/);
    }
  });

  it('says why a type does not come through the intercambio, naming it', () => {
    expect(tipoNoRecibible(33, 7)).toBeUndefined();
    expect(tipoNoRecibible(39, 7)).toBe(
      'TipoDTE 39 (boleta electrónica) of folio 7 is not received through the DTE intercambio; the types received are 33, 34, 46, 52, 56, 61 (SiiTypes_v10.xsd DTEType).',
    );
  });

  it('describes a type by its SII name when it has one', () => {
    expect(describeTipoDte(39)).toBe('TipoDTE 39 (boleta electrónica)');
    expect(describeTipoDte(7)).toBe('TipoDTE 7');
  });
});

describe('TIPOS_LIBRO_CV', () => {
  it('is the DoctoType enumeration of the shipped LibroCV_v10.xsd, the type of TpoDoc in TotalesPeriodo and Detalle', () => {
    const xsd = readFileSync(join(dteAssetsDir(), 'xsd', 'LibroCV_v10.xsd'), 'latin1');
    const doctoType = /<xs:simpleType name="DoctoType">([\s\S]*?)<\/xs:simpleType>/.exec(xsd)?.[1] ?? '';
    const values = [...doctoType.matchAll(/enumeration value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(values).toEqual(TIPOS_LIBRO_CV);
    expect(xsd.match(/name="TpoDoc" type="SiiDte:DoctoType"/g)?.length).toBeGreaterThanOrEqual(3);
    // A guía de despacho is received through the intercambio but belongs to no IECV book.
    expect(TIPOS_DTE_INTERCAMBIO).toContain(52);
    expect(TIPOS_LIBRO_CV).not.toContain(52);
  });
});
