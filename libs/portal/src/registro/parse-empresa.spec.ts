import iconv from 'iconv-lite';
import { decodeHtml } from '../carpeta/decode-html';
import { RegistroParseError, parseEmpresa, parseHistorialEmpresa } from './parse-empresa';
import { EMPRESA_COMPLETA, EMPRESA_SIN_SOCIOS, HISTORIAL_TRES, HISTORIAL_VACIO } from './registro.fixtures';

// The pages are written by hand to the structure parse-empresa.ts documents (registro.fixtures.ts).
const latin1 = (html: string) => decodeHtml(iconv.encode(html, 'latin1'));

describe('parseEmpresa', () => {
  it('reads a company with several socios and administradores: RUTs canonical, money in pesos, dates ISO', () => {
    expect(parseEmpresa(latin1(EMPRESA_COMPLETA))).toEqual({
      rut: '76086428-5',
      razon_social: 'COMERCIAL LOS ALERCES LIMITADA',
      tipo_sociedad: 'SOCIEDAD DE RESPONSABILIDAD LIMITADA',
      fecha_constitucion: '2015-03-02',
      capital: 10_000_000,
      domicilio: 'AV LOS LEONES 1234 OF 56, PROVIDENCIA',
      socios: [
        { nombre: 'ANA MARÍA PÉREZ SOTO', rut: '11111111-1', aporte: 5_000_000, porcentaje: 50 },
        { nombre: 'INVERSIONES ÑUBLE SPA', rut: '77777777-7', aporte: 3_333_334, porcentaje: 33.33 },
        { nombre: 'JUAN IGNACIO ROJAS DÍAZ', rut: '22222222-2', aporte: 1_666_666, porcentaje: null },
      ],
      administradores: [
        { nombre: 'ANA MARÍA PÉREZ SOTO', rut: '11111111-1', cargo: 'SOCIO ADMINISTRADOR' },
        { nombre: 'PEDRO SILVA FUENTES', rut: '12345678-5', cargo: null },
      ],
      estado: 'VIGENTE',
    });
  });

  it('reads a company without socios nor capital as an empty list and nulls, never made-up values', () => {
    expect(parseEmpresa(EMPRESA_SIN_SOCIOS)).toEqual({
      rut: '96790240-3',
      razon_social: 'TRANSPORTES DEL SUR E.I.R.L.',
      tipo_sociedad: 'EMPRESA INDIVIDUAL DE RESPONSABILIDAD LIMITADA',
      fecha_constitucion: '2018-06-05',
      capital: null,
      domicilio: null,
      socios: [],
      administradores: [{ nombre: 'CAROLINA MUÑOZ SOTO', rut: '9876543-3', cargo: 'TITULAR' }],
      estado: null,
    });
  });

  it('refuses a page that is not the registry record, saying which page it was', () => {
    const error = (html: string) => {
      try {
        parseEmpresa(html);
      } catch (e) {
        return e;
      }
      throw new Error('parsed');
    };
    const otra = error('<html><body><table id="tbl_encabezado"></table></body></html>');
    expect(otra).toBeInstanceOf(RegistroParseError);
    expect(otra).toMatchObject({
      motivo: 'otra_pagina',
      mensajePortal: null,
      message: 'not a registry record page: no #tbl_empresa table',
    });
    expect(error(HISTORIAL_TRES)).toMatchObject({ motivo: 'otra_pagina' });
    expect(error('<html><body><p class="textof">NO ESTA AUTENTICADO</p></body></html>')).toMatchObject({ motivo: 'no_autenticado' });
    const noInscrita = 'El RUT consultado no registra inscripción en el Registro de Empresas y Sociedades.';
    expect(error(`<html><body><div id="error"><p class="textof">${noInscrita}</p></div></body></html>`)).toMatchObject({
      motivo: 'error_portal',
      mensajePortal: noInscrita,
      message: `the portal answered an error page: ${noInscrita}`,
    });
    expect(error(EMPRESA_SIN_SOCIOS.replace('96790240-3', '96790240-4'))).toMatchObject({
      motivo: 'otra_pagina',
      message: 'not a registry record page: #td_rut "96790240-4" is not a valid RUT',
    });
    for (const e of [otra, error('')]) expect((e as Error).message).not.toContain('\n');
  });
});

describe('parseHistorialEmpresa', () => {
  it('reads three filings in the page order, dates ISO and the filing identifier as written', () => {
    expect(parseHistorialEmpresa(latin1(HISTORIAL_TRES))).toEqual([
      {
        fecha: '2015-03-02',
        tipo: 'CONSTITUCIÓN',
        descripcion: 'Constitución de la sociedad con capital de $ 5.000.000',
        actuacion: '10045123',
      },
      { fecha: '2019-07-14', tipo: 'MODIFICACIÓN', descripcion: 'Aumento de capital a $ 10.000.000', actuacion: '20311877' },
      {
        fecha: '2023-11-30',
        tipo: 'MODIFICACIÓN',
        descripcion: 'Cambio de domicilio a AV LOS LEONES 1234 OF 56, PROVIDENCIA',
        actuacion: 'CVE 2023-0098812',
      },
    ]);
  });

  it('reads an empty historial as []', () => {
    expect(parseHistorialEmpresa(HISTORIAL_VACIO)).toEqual([]);
  });

  it('refuses a page that is not the historial, and a row whose date is not a date', () => {
    expect(() => parseHistorialEmpresa(EMPRESA_COMPLETA)).toThrow(
      new RegistroParseError('not a registry historial page: no #tbl_historial table'),
    );
    expect(() => parseHistorialEmpresa('<html><body><p>NO ESTA AUTENTICADO</p></body></html>')).toThrow(/NO ESTA AUTENTICADO/);
    expect(() => parseHistorialEmpresa(HISTORIAL_TRES.replace('14/07/2019', '14 de julio'))).toThrow(
      'registry historial row 2: "14 de julio" is not a date',
    );
  });
});
