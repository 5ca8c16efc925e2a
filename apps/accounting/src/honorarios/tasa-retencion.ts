import Decimal from 'decimal.js';

/**
 * The retention on boletas de honorarios by the year of the boleta, in percent (Ley sobre Impuesto a la Renta art. 74 N° 2 and 43 N° 2,
 * as raised by Ley 21.133 art. tercero transitorio from 10 % to 17 % in 0.75-point steps, with 2023 held at 13 % by Ley 21.578;
 * docs/research/honorarios.md §1). Before 2019: 10 %; from 2028: 17 %.
 */
const TASAS: Readonly<Record<number, string>> = {
  2019: '10.75',
  2020: '11.5',
  2021: '12.25',
  2022: '13',
  2023: '13',
  2024: '13.75',
  2025: '14.5',
  2026: '15.25',
  2027: '16',
};

/** The rate (percent, as a decimal string) for a boleta dated `fecha` (YYYY-MM-DD). */
export function tasaRetencionHonorarios(fecha: string): string {
  const anio = Number(fecha.slice(0, 4));
  if (anio < 2019) return '10';
  return TASAS[anio] ?? '17';
}

/** The retention in whole CLP: bruto × rate, rounded half up to the peso (amounts in CLP have no decimals). */
export function retencionHonorarios(bruto: number, fecha: string): number {
  return new Decimal(bruto).times(tasaRetencionHonorarios(fecha)).dividedBy(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}
