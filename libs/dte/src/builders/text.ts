import { escapeXml } from '../xml/escape';
import { DteBuildError, DteEncodingError } from '../errors';

/** Typed daily but outside ISO-8859-1 (the SII wire encoding, Formato DTE v2.2); others (emoji, other scripts) are refused. */
export const TRANSLITERACION: Readonly<Record<string, string>> = {
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2013': '-', // en dash
  '\u2014': '-', // em dash
  '\u2212': '-', // minus sign
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u2032': "'", // prime
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2033': '"', // double prime
  '\u2026': '...',
  '\u2022': '-', // bullet
  '\u2009': ' ', // thin space
  '\u202F': ' ', // narrow no-break space
  '\u2007': ' ', // figure space
  '\u200B': '', // zero-width space
  '\uFEFF': '', // zero-width no-break space (BOM)
  '\u20AC': 'EUR',
  '\u2122': 'TM',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\u2264': '<=',
  '\u2265': '>=',
};

const TRANSLITERABLE = new RegExp(`[${Object.keys(TRANSLITERACION).join('')}]`, 'g');

export function transliterate(value: string): string {
  return value.replace(TRANSLITERABLE, (c) => TRANSLITERACION[c]);
}

/** Outside ISO-8859-1 or a control other than TAB/CR/LF (XML 1.0 §2.2); callers check before building and answer the field by name. */
export function siiTextProblem(raw: string): string | undefined {
  try {
    fieldText('text', raw, Number.MAX_SAFE_INTEGER);
    return undefined;
  } catch (err) {
    if (err instanceof DteEncodingError) {
      const ch = [...transliterate(raw)].find((c) => (c.codePointAt(0) ?? 0) > 0xff);
      return `character "${ch}" has no ISO-8859-1 equivalent`;
    }
    if (err instanceof DteBuildError) return err.message.replace(/^text: /, '');
    throw err;
  }
}

/** `truncate` cuts and right-trims; `cut` keeps exactly `max` (the TED's RSR, IT1 compare character by character); `throw` refuses. */
export type Overflow = 'truncate' | 'cut' | 'throw';

/** After {@link transliterate}, to the XSD maxLength per `overflow`. @throws DteEncodingError outside ISO-8859-1; DteBuildError */
export function fieldText(field: string, raw: string, max: number, overflow: Overflow = 'throw'): string {
  const value = transliterate(raw);
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c > 0xff) {
      throw new DteEncodingError(`${field}: character "${value[i]}" cannot be encoded in ISO-8859-1`);
    }
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) {
      throw new DteBuildError(`${field}: control character U+${c.toString(16).padStart(4, '0')} is not allowed`);
    }
  }
  if (value.length <= max) return value;
  if (overflow === 'truncate') return value.slice(0, max).trimEnd();
  if (overflow === 'cut') return value.slice(0, max);
  throw new DteBuildError(`${field} is longer than ${max} characters (${value.length})`);
}

export function el(name: string, value: string | number | undefined): string {
  if (value === undefined || value === '') return '';
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

export function reqText(name: string, value: string | undefined, max: number, overflow: Overflow = 'throw'): string {
  const v = (value ?? '').trim();
  if (v === '') throw new DteBuildError(`${name} is required`);
  return el(name, fieldText(name, v, max, overflow));
}

export function optText(name: string, value: string | undefined, max: number, overflow: Overflow = 'throw'): string {
  const v = (value ?? '').trim();
  return v === '' ? '' : el(name, fieldText(name, v, max, overflow));
}

export function contacto(nombre: string | undefined, fono: string | undefined, mail: string | undefined): string {
  return optText('NmbContacto', nombre, 40, 'truncate') + optText('FonoContacto', fono, 40, 'truncate') + optText('MailContacto', mail, 80);
}

const RUT = /^[0-9]{1,8}-[0-9K]$/;

/** SII RUTType. @throws DteBuildError */
export function rut(field: string, value: string): string {
  if (!RUT.test(value ?? '')) throw new DteBuildError(`${field} must be a RUT like 76086428-5 (no dots, uppercase K), got "${value}"`);
  return value;
}

/** SiiTypes FechaType: 2000-01-01..2050-12-31. @throws DteBuildError */
export function fecha(field: string, value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  const d = m ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value || value < '2000-01-01' || value > '2050-12-31') {
    throw new DteBuildError(`${field} must be a date YYYY-MM-DD between 2000-01-01 and 2050-12-31, got "${value}"`);
  }
  return value;
}

/** SiiTypes FechaHoraType. @throws DteBuildError */
export function timestamp(field: string, value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.exec(value ?? '');
  if (!m) throw new DteBuildError(`${field} must be a timestamp YYYY-MM-DDTHH:MM:SS, got "${value}"`);
  fecha(field, m[1]);
  return value;
}

export function posInt(field: string, value: number, digits = 10): number {
  if (!Number.isSafeInteger(value) || value <= 0 || String(value).length > digits) {
    throw new DteBuildError(`${field} must be a positive integer of at most ${digits} digits, got ${value}`);
  }
  return value;
}
