import { Initial1732170000000 } from './1732170000000-Initial';
import { TaxCore1767225600000 } from './1767225600000-TaxCore';
import { Emisor1797000000000 } from './1797000000000-Emisor';
import { DtePdf1797000000001 } from './1797000000001-DtePdf';
import { Recepcion1797000000002 } from './1797000000002-Recepcion';
import { Libro1797000000003 } from './1797000000003-Libro';
import { RecepcionEvento1797000000004 } from './1797000000004-RecepcionEvento';
import { EmisionMontos1797000000005 } from './1797000000005-EmisionMontos';
import { EmisionResultado1797000000006 } from './1797000000006-EmisionResultado';
import { Auditoria1797000000011 } from './1797000000011-Auditoria';
import { RecepcionVerificada1797000000012 } from './1797000000012-RecepcionVerificada';
import { ContribuyenteAutorizado1797000000013 } from './1797000000013-ContribuyenteAutorizado';
import { EmisionReceptorFuente1797000000014 } from './1797000000014-EmisionReceptorFuente';
import { EmisorSucursales1797000000015 } from './1797000000015-EmisorSucursales';
import { RecepcionMontos1797000000016 } from './1797000000016-RecepcionMontos';
import { EmisionReferencia1797000000017 } from './1797000000017-EmisionReferencia';
import { Buzon1797000000009 } from './1797000000009-Buzon';
import { Banco1797000000010 } from './1797000000010-Banco';
import { SesionImportada1797000000008 } from './1797000000008-SesionImportada';
import { PortalVisita1797000000007 } from './1797000000007-PortalVisita';
import { PdfFormato1797000000018 } from './1797000000018-PdfFormato';
import { ResultadoSii1797000000019 } from './1797000000019-ResultadoSii';
import { LibroEnvio1797000000020 } from './1797000000020-LibroEnvio';
import { Job1797000000021 } from './1797000000021-Job';
import { BoletaEnvio1797000000022 } from './1797000000022-BoletaEnvio';
import { IvaRetenido1797000000023 } from './1797000000023-IvaRetenido';
import { Comisiones1797000000024 } from './1797000000024-Comisiones';
import { Cesion1797000000025 } from './1797000000025-Cesion';
import { BancoLink1797000000026 } from './1797000000026-BancoLink';

/** Every migration of tax-gateway, in order (explicit list, no globs: docs/DESIGN.md §3 "Persistence"). */
export const migrations = [
  Initial1732170000000,
  TaxCore1767225600000,
  Emisor1797000000000,
  DtePdf1797000000001,
  Recepcion1797000000002,
  Libro1797000000003,
  RecepcionEvento1797000000004,
  EmisionMontos1797000000005,
  EmisionResultado1797000000006,
  PortalVisita1797000000007,
  SesionImportada1797000000008,
  Buzon1797000000009,
  Banco1797000000010,
  Auditoria1797000000011,
  RecepcionVerificada1797000000012,
  ContribuyenteAutorizado1797000000013,
  EmisionReceptorFuente1797000000014,
  EmisorSucursales1797000000015,
  RecepcionMontos1797000000016,
  EmisionReferencia1797000000017,
  PdfFormato1797000000018,
  ResultadoSii1797000000019,
  LibroEnvio1797000000020,
  Job1797000000021,
  BoletaEnvio1797000000022,
  IvaRetenido1797000000023,
  Comisiones1797000000024,
  Cesion1797000000025,
  BancoLink1797000000026,
];
