/**
 * The Carpeta Tributaria Electrónica as data (docs/research/sii-protocol.md §7): whole CLP, ISO dates (generation time
 * `YYYY-MM-DDTHH:MM` America/Santiago), periods `YYYY-MM`; what the page leaves empty is null or [], never made up.
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

export interface PersonaCarpeta {
  nombre: string;
  rut: string | null;
  fecha: string | null;
}

export interface PropiedadCarpeta {
  comuna: string;
  rol: string;
  direccion: string;
  destino: string | null;
  avaluo_fiscal: number | null;
  cuotas_vencidas: boolean | null;
  cuotas_vigentes: boolean | null;
  condicion: string | null;
}

export interface BoletasPeriodo {
  periodo: string;
  honorario_bruto: number | null;
  retencion_terceros: number | null;
  ppm_contribuyente: number | null;
}

/** One F29 period: `formulario` the frame's relative address; `campos` from its `datos` when read. */
export interface DeclaracionIva {
  periodo: string;
  declarada: boolean;
  formulario: string | null;
  campos: Record<string, string> | null;
}

export interface DeclaracionRenta {
  anio_tributario: number;
  filas: { codigo: string; concepto: string; valor: string }[];
}
