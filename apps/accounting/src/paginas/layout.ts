import { html, raw, type RawHtml } from '@lib/platform';

const CLP = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });

/** Whole CLP as a person reads them: `$1.234.567`, a loss `-$1.234`. */
export function clp(pesos: number): string {
  return CLP.format(pesos);
}

export interface Pagina {
  titulo: string;
  empresa: { id: string; rut: string; razon_social: string };
  periodo: string;
  cuerpo: RawHtml;
}

/** The reports a page shows, in the navigation's order, and their titles. */
export const SECCIONES_PAGINA = ['balance', 'resultados', 'mayor', 'f29', 'rcv'] as const;
export type SeccionPagina = (typeof SECCIONES_PAGINA)[number];

export const TITULOS: Record<SeccionPagina, string> = {
  balance: 'Balance',
  resultados: 'Estado de resultados',
  mayor: 'Libro mayor',
  f29: 'Borrador F29',
  rcv: 'Conciliación con el RCV',
};

/** The shell of every page: Spanish, one h1, a skip link, the navigation between the reports of the same period. */
export function layout(p: Pagina): string {
  const nav = SECCIONES_PAGINA.map(
    (ruta) => html`<li><a href="/contable/paginas/${p.empresa.id}/${ruta}?periodo=${p.periodo}">${TITULOS[ruta]}</a></li>`,
  );
  return html`<!doctype html>
<html lang="es-CL">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.titulo} · ${p.empresa.razon_social} · ${p.periodo}</title>
<style>${raw(CSS)}</style>
</head>
<body>
<a class="saltar" href="#contenido">Ir al contenido</a>
<header><p>${p.empresa.razon_social} · RUT ${p.empresa.rut}</p><nav aria-label="Informes"><ul>${nav}</ul></nav></header>
<main id="contenido">
<h1>${p.titulo} <span class="periodo">${p.periodo}</span></h1>
${p.cuerpo}
</main>
</body>
</html>`.value;
}

/** A horizontal bar chart as inline SVG (no script), described for screen readers; the same figures are in a table beside it. */
export function barras(titulo: string, datos: { etiqueta: string; valor: number }[]): RawHtml {
  const max = Math.max(1, ...datos.map((d) => Math.abs(d.valor)));
  const alto = 28;
  const filas = datos.map((d, i) => {
    const ancho = Math.round((Math.abs(d.valor) / max) * 300);
    const y = i * alto;
    return html`<g><text x="0" y="${y + 18}">${d.etiqueta}</text><rect x="190" y="${y + 4}" width="${ancho}" height="18" class="${d.valor < 0 ? 'neg' : 'pos'}"></rect><text x="${196 + ancho}" y="${y + 18}">${clp(d.valor)}</text></g>`;
  });
  const descripcion = datos.map((d) => `${d.etiqueta}: ${clp(d.valor)}`).join('; ');
  return html`<figure><svg role="img" aria-labelledby="g-${slug(titulo)}" width="640" height="${datos.length * alto + 8}" viewBox="0 0 640 ${datos.length * alto + 8}"><title id="g-${slug(titulo)}">${titulo}: ${descripcion}</title>${filas}</svg><figcaption>${titulo}</figcaption></figure>`;
}

/** A table of label / amount rows; `data-monto` carries the exact pesos the tests compare with the JSON report. */
export function tablaMontos(caption: string, filas: { etiqueta: string; valor: number; clave?: string }[]): RawHtml {
  const body = filas.map(
    (f) =>
      html`<tr><th scope="row">${f.etiqueta}</th><td class="monto" data-clave="${f.clave ?? ''}" data-monto="${f.valor}">${clp(f.valor)}</td></tr>`,
  );
  return html`<table><caption>${caption}</caption><thead><tr><th scope="col">Concepto</th><th scope="col">Monto</th></tr></thead><tbody>${body}</tbody></table>`;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^\w]+/g, '-')
    .toLowerCase();
}

const CSS = `
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1a;background:#fff;line-height:1.5}
.saltar{position:absolute;left:-999px}.saltar:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
header nav ul{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:0}
a{color:#0b4f8a}h1 .periodo{font-weight:normal;color:#444}
table{border-collapse:collapse;margin:1rem 0;min-width:30rem}caption{text-align:left;font-weight:bold;padding:.25rem 0}
th,td{border-bottom:1px solid #ccc;padding:.25rem .5rem;text-align:left}td.monto{text-align:right;font-variant-numeric:tabular-nums}
svg text{font-size:13px;fill:#1a1a1a}svg rect.pos{fill:#1f6f43}svg rect.neg{fill:#a4282f}
figure{margin:1rem 0}figcaption{color:#444}
`;
