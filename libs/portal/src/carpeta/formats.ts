import { tryNormalizeRut } from '@lib/rut';

/** Chilean formats of the portal pages (docs/research/sii-protocol.md §7); null for an empty or unreadable value rather than a guess. */

const MESES: Record<string, string> = {
  ENERO: '01',
  FEBRERO: '02',
  MARZO: '03',
  ABRIL: '04',
  MAYO: '05',
  JUNIO: '06',
  JULIO: '07',
  AGOSTO: '08',
  SEPTIEMBRE: '09',
  SETIEMBRE: '09',
  OCTUBRE: '10',
  NOVIEMBRE: '11',
  DICIEMBRE: '12',
};

/** `dd-mm-aaaa` or `dd/mm/aaaa` as `aaaa-mm-dd`. */
export function fechaIso(s: string): string | null {
  const m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(s.trim());
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : null;
}

/** Santiago wall clock, as the page writes it. */
export function fechaHoraIso(s: string): string | null {
  const m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})\s+(\d{1,2}):(\d{2})/.exec(s.trim());
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}T${m[4].padStart(2, '0')}:${m[5]}` : null;
}

/** `1.234.567` or `$ 1.234.567` (a leading `-` kept) as whole CLP; null when there is no number. */
export function montoClp(s: string): number | null {
  const m = /^(-)?\s*\$?\s*(-)?\s*([\d.]+)$/.exec(s.trim());
  if (!m || !/\d/.test(m[3])) return null;
  const n = Number(m[3].replace(/\./g, ''));
  return m[1] || m[2] ? -n : n;
}

/** SI / NO as a boolean; null otherwise. */
export function siNo(s: string): boolean | null {
  const v = s.trim().toUpperCase();
  return v === 'SI' || v === 'SÍ' ? true : v === 'NO' ? false : null;
}

/** `JULIO 2025`, `07/2025`, `07-2025` or `202507` as `2025-07`. */
export function periodoIso(s: string): string | null {
  const t = s.trim().toUpperCase();
  const nombre = /^([A-ZÁÉÍÓÚ]+)\s+(\d{4})$/.exec(t);
  if (nombre && MESES[nombre[1]]) return `${nombre[2]}-${MESES[nombre[1]]}`;
  const valido = (anio: string, mes: string) => (Number(mes) >= 1 && Number(mes) <= 12 ? `${anio}-${mes.padStart(2, '0')}` : null);
  const mesAnio = /^(\d{1,2})[-/](\d{4})$/.exec(t);
  if (mesAnio) return valido(mesAnio[2], mesAnio[1]);
  const compacto = /^(\d{4})(\d{2})$/.exec(t);
  return compacto ? valido(compacto[1], compacto[2]) : null;
}

/** `47797573 - 9`, `76.354.771-K` or `34413183-k` as `47797573-9`; null when it is not a valid RUT. */
export function rutCanonico(s: string): string | null {
  const compact = s.replace(/\s+/g, '');
  return (compact && tryNormalizeRut(compact)) || null;
}
