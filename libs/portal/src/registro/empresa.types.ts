/**
 * A company's record in the Registro de Empresas y Sociedades, as the registry page shows it (the answer of
 * the gateway's `GET /tax/registro/empresa/{rut}`). Money in whole CLP pesos, dates ISO (`YYYY-MM-DD`, the
 * calendar date the page writes, America/Santiago). What the page leaves empty is null or an empty list, never
 * a made-up value. The page's structure is the project's own reading (see `parseEmpresa`).
 */
export interface Empresa {
  /** RUT of the company, canonical (`76086428-5`). */
  rut: string;
  razon_social: string;
  /** As the page writes it, e.g. "SOCIEDAD POR ACCIONES", "SOCIEDAD DE RESPONSABILIDAD LIMITADA". */
  tipo_sociedad: string | null;
  /** Date of incorporation (ISO). */
  fecha_constitucion: string | null;
  /** Registered capital in whole CLP pesos; null when the page shows none. */
  capital: number | null;
  domicilio: string | null;
  socios: SocioEmpresa[];
  administradores: AdministradorEmpresa[];
  /** As the page writes it, e.g. "VIGENTE", "DISUELTA". */
  estado: string | null;
}

/** A partner or shareholder of the record's "Socios" table. */
export interface SocioEmpresa {
  nombre: string;
  /** Canonical RUT; null when the page shows none or an invalid one. */
  rut: string | null;
  /** Contribution in whole CLP pesos; null when the page shows none. */
  aporte: number | null;
  /** Share of the capital in percent (`33,33 %` is 33.33); null when the page shows none. */
  porcentaje: number | null;
}

/** A person of the record's "Administración" table. */
export interface AdministradorEmpresa {
  nombre: string;
  /** Canonical RUT; null when the page shows none or an invalid one. */
  rut: string | null;
  /** E.g. "ADMINISTRADOR", "GERENTE GENERAL"; null when the page shows none. */
  cargo: string | null;
}

/** A registered filing of the company (constitution, modification, dissolution...), one row of the historial page. */
export interface ModificacionEmpresa {
  /** Date of the filing (ISO). */
  fecha: string;
  /** The kind of filing as the page writes it, e.g. "CONSTITUCIÓN", "MODIFICACIÓN". */
  tipo: string;
  descripcion: string;
  /** Identifier of the filing as the page writes it (its "N° de Atención" / CVE). */
  actuacion: string;
}
