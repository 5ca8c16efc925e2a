// The retention a receptor withholds from a boleta de honorarios (LIR art. 74 N°2), by the boleta's year. The stand-in's own
// table, in hundredths of a percent so the arithmetic stays in whole numbers:
// - until 2018 10 % (the rate Ley 21.133 starts raising);
// - Ley 21.133 (2019), its transitional article: 10.75 % in 2019, 11.5 % in 2020, 12.25 % in 2021, 13 % in 2022, rising
//   0.75 a year up to 17 %;
// - Ley 21.578 (2023) held 2023 at 13 % and moved the rest of the schedule a year later: rln.cl news of January 2024,
//   "pasando de 13% vigente para el año 2023 a un 13.75%"; Odoo's l10n_cl account.tax-cl.csv lists 13.75, 14.5, 15.25, 16
//   and 17 % for 2024-2028. From 2028 on, 17 %.
const TASAS_CENTESIMAS: Record<number, number> = {
  2019: 1075,
  2020: 1150,
  2021: 1225,
  2022: 1300,
  2023: 1300,
  2024: 1375,
  2025: 1450,
  2026: 1525,
  2027: 1600,
};
const ANTES_DE_2019 = 1000;
const DESDE_2028 = 1700;

/** The rate of a boleta dated in `anio`, in hundredths of a percent (1525 = 15.25 %). */
export function tasaRetencionBhe(anio: number): number {
  if (anio < 2019) return ANTES_DE_2019;
  return TASAS_CENTESIMAS[anio] ?? DESDE_2028;
}

/** round(bruto × rate) in whole pesos, halves up: 145000 in 2026 is 22112.5, written 22113. In BigInt: a safe-integer
 * bruto times 1700 is not a safe integer any more. */
export function retencionBhe(bruto: number, anio: number): number {
  return Number((BigInt(bruto) * BigInt(tasaRetencionBhe(anio)) + 5000n) / 10000n);
}
