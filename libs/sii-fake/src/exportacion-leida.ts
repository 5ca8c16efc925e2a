import { childElements, findPath, textAt } from '@lib/dte';

/** Transporte/Aduana/TipoBultos 0..10 (DTE_v10.xsd; Formato DTE v2.2 fields 96-101). */
export interface BultoLeido {
  codTpoBultos?: string;
  cantBultos?: string;
  marcas?: string;
  idContainer?: string;
  sello?: string;
}

/** Transporte/Aduana (Formato DTE v2.2 fields 74-105; docs/research/exportacion.md §1), codes as written ("04"). */
export interface AduanaLeida {
  codModVenta?: string;
  codClauVenta?: string;
  totClauVenta?: string;
  codViaTransp?: string;
  codPtoEmbarque?: string;
  codPtoDesemb?: string;
  codUnidMedTara?: string;
  codUnidPesoBruto?: string;
  codUnidPesoNeto?: string;
  totBultos?: string;
  tipoBultos: BultoLeido[];
  codPaisRecep?: string;
  codPaisDestin?: string;
}

/** Encabezado/OtraMoneda (fields 129-138). */
export interface OtraMonedaLeida {
  tpoMoneda?: string;
  tpoCambio?: string;
  mntExeOtrMnda?: string;
  mntTotOtrMnda?: string;
}

/** What only `<Exportaciones>` (110, 111, 112) carries, as text; absent sections stay undefined. */
export interface ExportacionLeida {
  /** IdDoc/IndServicio (field 9): 3, 4, 5 (6 in the 2019 manual). */
  indServicio?: string;
  /** IdDoc/FmaPagExp (field 14): Aduana's table, 21 = sin pago. */
  fmaPagExp?: string;
  /** Receptor/Extranjero/Nacionalidad (field 54): Aduana's country code. */
  nacionalidad?: string;
  /** Totales/TpoMoneda (field 106): the currency of every amount of the document. */
  tpoMoneda?: string;
  otraMoneda?: OtraMonedaLeida;
  aduana?: AduanaLeida;
}

const opt = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);

/** The export fields of an Encabezado. */
export function leerExportacion(enc: Element): ExportacionLeida {
  const at = (path: string) => opt(textAt(enc, path));
  const otra = findPath(enc, 'OtraMoneda');
  const aduana = findPath(enc, 'Transporte/Aduana');
  return {
    indServicio: at('IdDoc/IndServicio'),
    fmaPagExp: at('IdDoc/FmaPagExp'),
    nacionalidad: at('Receptor/Extranjero/Nacionalidad'),
    tpoMoneda: at('Totales/TpoMoneda'),
    otraMoneda: otra && {
      tpoMoneda: at('OtraMoneda/TpoMoneda'),
      tpoCambio: at('OtraMoneda/TpoCambio'),
      mntExeOtrMnda: at('OtraMoneda/MntExeOtrMnda'),
      mntTotOtrMnda: at('OtraMoneda/MntTotOtrMnda'),
    },
    aduana: aduana && leerAduana(aduana),
  };
}

function leerAduana(a: Element): AduanaLeida {
  const at = (name: string) => opt(textAt(a, name));
  return {
    codModVenta: at('CodModVenta'),
    codClauVenta: at('CodClauVenta'),
    totClauVenta: at('TotClauVenta'),
    codViaTransp: at('CodViaTransp'),
    codPtoEmbarque: at('CodPtoEmbarque'),
    codPtoDesemb: at('CodPtoDesemb'),
    codUnidMedTara: at('CodUnidMedTara'),
    codUnidPesoBruto: at('CodUnidPesoBruto'),
    codUnidPesoNeto: at('CodUnidPesoNeto'),
    totBultos: at('TotBultos'),
    tipoBultos: childElements(a, 'TipoBultos').map((b) => ({
      codTpoBultos: opt(textAt(b, 'CodTpoBultos')),
      cantBultos: opt(textAt(b, 'CantBultos')),
      marcas: opt(textAt(b, 'Marcas')),
      idContainer: opt(textAt(b, 'IdContainer')),
      sello: opt(textAt(b, 'Sello')),
    })),
    codPaisRecep: at('CodPaisRecep'),
    codPaisDestin: at('CodPaisDestin'),
  };
}
