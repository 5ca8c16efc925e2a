import { html, type RawHtml } from '@lib/platform';
import type { BalanceView } from '../reportes/dto/balance.view';
import type { EstadoResultadosView } from '../reportes/dto/estado-resultados.view';
import type { F29BorradorView } from '../reportes/dto/f29-borrador.view';
import type { LibroMayorView } from '../reportes/dto/libro-mayor.view';
import type { RcvConciliacionView } from '../rcv/dto/rcv.dto';
import { barras, clp, tablaMontos } from './layout';

// The bodies of the reporting pages (docs/accounting.md "Reporting pages"): the JSON reports' figures, as a person reads them.

/** A report's amounts in the order and with the Spanish labels a page shows them; the key is the JSON field. */
type Campos<T> = [etiqueta: string, clave: keyof T & string][];

const RESULTADOS: Campos<EstadoResultadosView> = [
  ['Ingresos de explotación', 'ingresos_explotacion'],
  ['Costo de ventas', 'costo_ventas'],
  ['Margen bruto', 'margen_bruto'],
  ['Gastos de operación', 'gastos_operacion'],
  ['Resultado operacional', 'resultado_operacional'],
  ['Otros ingresos', 'otros_ingresos'],
  ['Resultado del período', 'resultado'],
];

/** The F29's códigos that count documents, not pesos. */
const CANTIDADES = new Set(['503', '512', '509', '519', '531', '527']);

const F29: Campos<F29BorradorView> = [
  ['Débito fiscal', 'debito_fiscal'],
  ['Crédito fiscal', 'credito_fiscal'],
  ['Remanente del mes anterior', 'remanente_anterior'],
  ['Total créditos', 'total_creditos'],
  ['IVA a pagar', 'iva_a_pagar'],
  ['Remanente para el mes siguiente', 'remanente_siguiente'],
];

function filas<T>(view: T, campos: Campos<T>): { etiqueta: string; valor: number; clave: string }[] {
  return campos.map(([etiqueta, clave]) => ({ etiqueta, valor: view[clave] as number, clave }));
}

export function balanceHtml(b: BalanceView): RawHtml {
  const g = b.balance_general;
  const filas = b.filas.map(
    (f) =>
      html`<tr><td>${f.codigo}</td><td>${f.nombre}</td><td class="monto">${clp(f.saldo_deudor)}</td><td class="monto">${clp(f.saldo_acreedor)}</td></tr>`,
  );
  return html`${barras('Balance general', [
    { etiqueta: 'Activo', valor: g.activo.total },
    { etiqueta: 'Pasivo', valor: g.pasivo.total },
    { etiqueta: 'Patrimonio', valor: g.patrimonio.total },
  ])}
${tablaMontos(`Balance general al ${b.hasta}`, [
  { etiqueta: 'Activo', valor: g.activo.total, clave: 'activo' },
  { etiqueta: 'Pasivo', valor: g.pasivo.total, clave: 'pasivo' },
  { etiqueta: 'Patrimonio', valor: g.patrimonio.total, clave: 'patrimonio' },
  { etiqueta: 'Pasivo y patrimonio', valor: g.total_pasivo_patrimonio, clave: 'total_pasivo_patrimonio' },
  { etiqueta: 'Resultado del ejercicio', valor: b.resultado_ejercicio, clave: 'resultado_ejercicio' },
])}
<p>${g.cuadra ? 'El balance cuadra.' : 'El balance no cuadra: revise los asientos del período.'}</p>
<table><caption>Saldos por cuenta, ${b.desde} a ${b.hasta}</caption><thead><tr><th scope="col">Código</th><th scope="col">Cuenta</th><th scope="col">Saldo deudor</th><th scope="col">Saldo acreedor</th></tr></thead><tbody>${filas}</tbody></table>`;
}

export function resultadosHtml(e: EstadoResultadosView): RawHtml {
  return html`${barras('Ingresos y gastos', [
    { etiqueta: 'Ingresos', valor: e.total_ingresos },
    { etiqueta: 'Gastos', valor: -e.total_gastos },
    { etiqueta: 'Resultado', valor: e.resultado },
  ])}
${tablaMontos(`Estado de resultados, ${e.desde} a ${e.hasta}`, filas(e, RESULTADOS))}`;
}

export function mayorHtml(m: LibroMayorView): RawHtml {
  if (m.cuentas.length === 0) return html`<p>No hay movimientos en el período.</p>`;
  return html`${m.cuentas.map((c) => {
    const movs = c.movimientos.map(
      (x) =>
        html`<tr><td>${x.fecha}</td><td>${x.numero}</td><td>${x.glosa}</td><td class="monto">${clp(x.debe)}</td><td class="monto">${clp(x.haber)}</td><td class="monto">${clp(x.saldo)}</td></tr>`,
    );
    return html`<section aria-labelledby="c-${c.codigo}"><h2 id="c-${c.codigo}">${c.codigo} ${c.nombre}</h2>
<table><caption>Movimientos de ${c.nombre}</caption><thead><tr><th scope="col">Fecha</th><th scope="col">Asiento</th><th scope="col">Glosa</th><th scope="col">Debe</th><th scope="col">Haber</th><th scope="col">Saldo</th></tr></thead><tbody>${movs}</tbody></table>
${tablaMontos(`Totales de ${c.nombre}`, [
  { etiqueta: 'Saldo inicial', valor: c.saldo_inicial, clave: `saldo_inicial:${c.codigo}` },
  { etiqueta: 'Total debe', valor: c.total_debe, clave: `total_debe:${c.codigo}` },
  { etiqueta: 'Total haber', valor: c.total_haber, clave: `total_haber:${c.codigo}` },
  { etiqueta: 'Saldo final', valor: c.saldo_final, clave: `saldo_final:${c.codigo}` },
])}</section>`;
  })}`;
}

export function f29Html(f: F29BorradorView): RawHtml {
  return html`<p>${f.aviso}</p>
${barras('IVA del mes', [
  { etiqueta: 'Débito fiscal', valor: f.debito_fiscal },
  { etiqueta: 'Crédito fiscal', valor: f.credito_fiscal },
  { etiqueta: 'Remanente anterior', valor: f.remanente_anterior },
])}
${tablaMontos('Borrador del F29 (IVA)', filas(f, F29))}
<table><caption>Códigos del formulario 29</caption><thead><tr><th scope="col">Código</th><th scope="col">Concepto</th><th scope="col">Valor</th></tr></thead><tbody>${f.codigos.map(
    (c) =>
      html`<tr><td>${c.codigo}</td><td>${c.glosa}</td><td class="monto" data-clave="codigo:${c.codigo}" data-monto="${c.valor}">${CANTIDADES.has(c.codigo) ? c.valor : c.codigo === '115' ? `${c.valor} %` : clp(c.valor)}</td></tr>`,
  )}</tbody></table>
${f.remanente_reajustado ? '' : html`<p>El remanente no está reajustado: falta registrar la UTM de algún mes (PUT /contable/utm/{mes}).</p>`}`;
}

const CLASES: Record<string, string> = {
  no_contabilizado: 'Registrado, no contabilizado',
  no_registrado: 'Contabilizado, no registrado',
  reclamado: 'Reclamado',
  montos_distintos: 'Montos distintos',
};

export function rcvHtml(r: RcvConciliacionView | undefined): RawHtml {
  if (!r) return html`<p>Este período aún no se concilia con el Registro de Compras y Ventas del SII.</p>`;
  const filas = r.diferencias.map(
    (d) =>
      html`<tr><td>${d.libro === 'compra' ? 'Compras' : 'Ventas'}</td><td>${CLASES[d.clase] ?? d.clase}</td><td>${d.tipo_dte}</td><td>${d.folio}</td><td>${d.rut_contraparte}</td><td>${d.razon_social}</td><td class="monto" data-monto="${d.total}">${clp(d.total)}</td><td>${d.estado}</td></tr>`,
  );
  return html`<p>Consultado el ${r.consultado_at.slice(0, 10)}: ${r.documentos_rcv} documentos en el registro; ${r.resumen.pendientes} diferencias pendientes, ${r.resumen.confirmadas} confirmadas, ${r.resumen.descartadas} descartadas.</p>
<table><caption>Diferencias con el RCV</caption><thead><tr><th scope="col">Libro</th><th scope="col">Diferencia</th><th scope="col">Tipo</th><th scope="col">Folio</th><th scope="col">RUT</th><th scope="col">Razón social</th><th scope="col">Total</th><th scope="col">Estado</th></tr></thead><tbody>${filas}</tbody></table>`;
}
