/**
 * A company's record in the Registro de Empresas y Sociedades (the gateway's `GET /tax/registro/empresa/{rut}`): whole CLP, ISO
 * dates (America/Santiago), canonical RUTs, texts as the page writes them; what the page leaves empty is null or [], never made up.
 */
export interface Empresa {
  rut: string;
  razon_social: string;
  tipo_sociedad: string | null;
  fecha_constitucion: string | null;
  capital: number | null;
  domicilio: string | null;
  socios: SocioEmpresa[];
  administradores: AdministradorEmpresa[];
  estado: string | null;
}

/** A partner of the "Socios" table; `porcentaje` percent (`33,33 %` is 33.33). */
export interface SocioEmpresa {
  nombre: string;
  rut: string | null;
  aporte: number | null;
  porcentaje: number | null;
}

export interface AdministradorEmpresa {
  nombre: string;
  rut: string | null;
  cargo: string | null;
}

/** A filing, one row of the historial page; `actuacion` its "N° de Atención" / CVE. */
export interface ModificacionEmpresa {
  fecha: string;
  tipo: string;
  descripcion: string;
  actuacion: string;
}
