/**
 * The Carpeta Tributaria Electrónica as data (docs/research/sii-protocol.md §7): what the SII's carpeta page
 * shows, section by section. Money in whole CLP, dates ISO (`YYYY-MM-DD`; the generation time
 * `YYYY-MM-DDTHH:MM` in America/Santiago), periods `YYYY-MM`. What the page leaves empty is null or an empty
 * list, never a made-up value.
 */
export interface CarpetaTributaria {
  encabezado: { nombre: string; rut: string; fecha_generacion: string | null };
  contribuyente: {
    fecha_inicio_actividades: string | null;
    actividades: { codigo: string | null; descripcion: string }[];
    categoria: string | null;
    domicilio: string | null;
    sucursales: string[];
    ultimos_timbrajes: { documento: string; fecha: string | null }[];
    observaciones: string | null;
  };
  representantes_legales: PersonaCarpeta[];
  conformacion_sociedad: PersonaCarpeta[];
  participacion_en_sociedades: PersonaCarpeta[];
  propiedades: PropiedadCarpeta[];
  boletas_honorarios: { periodos: BoletasPeriodo[]; totales: Omit<BoletasPeriodo, 'periodo'> | null };
  declaraciones_iva: DeclaracionIva[];
  declaraciones_renta: DeclaracionRenta[];
}

/** A person or company of the "Información proporcionada por el contribuyente" table. */
export interface PersonaCarpeta {
  nombre: string;
  rut: string | null;
  /** Fecha de incorporación. */
  fecha: string | null;
}

/** A row of "Propiedades y Bienes Raíces". */
export interface PropiedadCarpeta {
  comuna: string;
  rol: string;
  direccion: string;
  destino: string | null;
  /** CLP; null when the page shows no valuation. */
  avaluo_fiscal: number | null;
  cuotas_vencidas: boolean | null;
  cuotas_vigentes: boolean | null;
  condicion: string | null;
}

/** A month of "Boletas de Honorarios Electrónicas" (CLP). */
export interface BoletasPeriodo {
  periodo: string;
  honorario_bruto: number | null;
  retencion_terceros: number | null;
  ppm_contribuyente: number | null;
}

/** One F29 period: declared or not, and its form's link and codes when the frame was read. */
export interface DeclaracionIva {
  periodo: string;
  declarada: boolean;
  /** The F29 frame's address on the portal (relative, as the page has it). */
  formulario: string | null;
  /** F29 codes and values from the frame's `datos` object, when given; null otherwise. */
  campos: Record<string, string> | null;
}

/** One tax year of F22: its rows of code, concept and value. */
export interface DeclaracionRenta {
  anio_tributario: number;
  filas: { codigo: string; concepto: string; valor: string }[];
}
