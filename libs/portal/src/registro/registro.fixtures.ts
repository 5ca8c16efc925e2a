// Hand-written to the structure parse-empresa.ts documents (the project's own reading), not taken from the stand-in. Shared by the
// parser's and the schema's specs.

const HEAD = '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><title>SII</title></head><body>';
const td = (text: string, attrs = '') => `<td${attrs}><span class="textof">${text}</span></td>`;
const fila = (label: string, id: string, value: string) => `<tr>${td(label)}<td id="${id}"><span class="textof">${value}</span></td></tr>`;

/** The seven rows of tbl_empresa, in the page's order. */
const tablaEmpresa = (e: {
  rut: string;
  razonSocial: string;
  tipo: string;
  constitucion: string;
  capital: string;
  domicilio: string;
  estado: string;
}) =>
  '<table id="tbl_empresa"><tbody>' +
  fila('RUT:', 'td_rut', e.rut) +
  fila('Razón Social:', 'td_razon_social', e.razonSocial) +
  fila('Tipo de Sociedad:', 'td_tipo_sociedad', e.tipo) +
  fila('Fecha de Constitución:', 'td_fecha_constitucion', e.constitucion) +
  fila('Capital:', 'td_capital', e.capital) +
  fila('Domicilio:', 'td_domicilio', e.domicilio) +
  fila('Estado:', 'td_estado', e.estado) +
  '</tbody></table>';

/** Three socios (one a company, one without a percentage), two administradores. */
export const EMPRESA_COMPLETA =
  HEAD +
  '<table width="630"><tbody><tr><td class="centeralign"><span class="textof"><b>REGISTRO DE EMPRESAS Y SOCIEDADES<br>DATOS DE LA EMPRESA</b></span></td></tr></tbody></table>' +
  tablaEmpresa({
    rut: ' 76.086.428 - 5 ',
    razonSocial: 'COMERCIAL LOS ALERCES<br>LIMITADA',
    tipo: 'SOCIEDAD DE RESPONSABILIDAD LIMITADA',
    constitucion: '02/03/2015',
    capital: '$ 10.000.000',
    domicilio: 'AV LOS LEONES 1234 OF 56, PROVIDENCIA',
    estado: 'VIGENTE',
  }) +
  '<table id="tbl_socios"><tbody>' +
  `<tr><td colspan="4"><span class="textof"><b>Socios</b></span></td></tr>` +
  `<tr>${td('Nombre o Razón Social')}${td('RUT')}${td('Aporte')}${td('% Participación')}</tr>` +
  `<tr>${td('ANA MARÍA PÉREZ SOTO')}${td('11.111.111-1', ' class="centeralign"')}${td('$ 5.000.000', ' class="rightalign"')}${td('50,00 %', ' class="rightalign"')}</tr>` +
  `<tr>${td('INVERSIONES ÑUBLE SPA')}${td('77777777 - 7', ' class="centeralign"')}${td('$ 3.333.334', ' class="rightalign"')}${td('33,33 %', ' class="rightalign"')}</tr>` +
  `<tr>${td('JUAN IGNACIO ROJAS DÍAZ')}${td('22222222-2', ' class="centeralign"')}${td('1.666.666', ' class="rightalign"')}${td('', ' class="rightalign"')}</tr>` +
  '</tbody></table>' +
  '<table id="tbl_administradores"><tbody>' +
  `<tr><td colspan="3"><span class="textof"><b>Administración</b></span></td></tr>` +
  `<tr>${td('Nombre')}${td('RUT')}${td('Cargo')}</tr>` +
  `<tr>${td('ANA MARÍA PÉREZ SOTO')}${td('11111111-1', ' class="centeralign"')}${td('SOCIO ADMINISTRADOR')}</tr>` +
  `<tr>${td('PEDRO SILVA FUENTES')}${td('12.345.678-5', ' class="centeralign"')}${td('')}</tr>` +
  '</tbody></table>' +
  '</body></html>';

/** An E.I.R.L. without capital, socios or state. */
export const EMPRESA_SIN_SOCIOS =
  HEAD +
  tablaEmpresa({
    rut: '96790240-3',
    razonSocial: 'TRANSPORTES DEL SUR E.I.R.L.',
    tipo: 'EMPRESA INDIVIDUAL DE RESPONSABILIDAD LIMITADA',
    constitucion: '5-6-2018',
    capital: '',
    domicilio: '-',
    estado: '',
  }) +
  '<table id="tbl_socios"><tbody>' +
  `<tr>${td('Nombre o Razón Social')}${td('RUT')}${td('Aporte')}${td('% Participación')}</tr>` +
  '<tr><td colspan="4"><span class="textof">- No se registran socios -</span></td></tr>' +
  '</tbody></table>' +
  '<table id="tbl_administradores"><tbody>' +
  `<tr>${td('Nombre')}${td('RUT')}${td('Cargo')}</tr>` +
  `<tr>${td('CAROLINA MUÑOZ SOTO')}${td('9.876.543-3')}${td('TITULAR')}</tr>` +
  '</tbody></table>' +
  '</body></html>';

const encabezado = (razonSocial: string, rut: string) =>
  '<table id="tbl_encabezado"><tbody>' +
  fila('Razón Social:', 'td_razon_social', razonSocial) +
  fila('RUT:', 'td_rut', rut) +
  '</tbody></table>';

export const HISTORIAL_TRES =
  HEAD +
  encabezado('COMERCIAL LOS ALERCES LIMITADA', '76086428 - 5') +
  '<table id="tbl_historial"><tbody>' +
  `<tr>${td('Fecha')}${td('Tipo de Actuación')}${td('Descripción')}${td('N° de Atención')}</tr>` +
  `<tr>${td('02-03-2015')}${td('CONSTITUCIÓN')}${td('Constitución de la sociedad con capital de $ 5.000.000')}${td('10045123')}</tr>` +
  `<tr>${td('14/07/2019')}${td('MODIFICACIÓN')}${td('Aumento de capital a<br>$ 10.000.000')}${td('20311877')}</tr>` +
  `<tr>${td('30-11-2023')}${td('MODIFICACIÓN')}${td('Cambio de domicilio a AV LOS LEONES 1234 OF 56, PROVIDENCIA')}${td('CVE 2023-0098812')}</tr>` +
  '</tbody></table></body></html>';

export const HISTORIAL_VACIO =
  HEAD +
  encabezado('TRANSPORTES DEL SUR E.I.R.L.', '96790240 - 3') +
  '<table id="tbl_historial"><tbody>' +
  `<tr>${td('Fecha')}${td('Tipo de Actuación')}${td('Descripción')}${td('N° de Atención')}</tr>` +
  '<tr><td colspan="4"><span class="textof">- No se registran modificaciones -</span></td></tr>' +
  '</tbody></table></body></html>';
