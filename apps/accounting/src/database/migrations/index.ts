import { Initial1732170000000 } from './1732170000000-Initial';
import { AccountingSchema1760000000000 } from './1760000000000-AccountingSchema';
import { AccountingLedgerGuards1760000000001 } from './1760000000001-AccountingLedgerGuards';
import { PollerState1795240000000 } from './1795240000000-PollerState';
import { MensajeProcesado1796000000000 } from './1796000000000-MensajeProcesado';
import { DocumentoEmitido1796000000001 } from './1796000000001-DocumentoEmitido';
import { DocumentoEmitidoResultado1797000000000 } from './1797000000000-DocumentoEmitidoResultado';
import { DocumentoEmitidoExportacion1798000000000 } from './1798000000000-DocumentoEmitidoExportacion';
import { RcvConciliacion1799000000000 } from './1799000000000-RcvConciliacion';
import { BoletaHonorarios1799000000001 } from './1799000000001-BoletaHonorarios';
import { ConciliacionBancaria1799000000002 } from './1799000000002-ConciliacionBancaria';
import { EmpresaTasaPpm1799000000003 } from './1799000000003-EmpresaTasaPpm';
import { Utm1799000000004 } from './1799000000004-Utm';
import { BoletaHonorariosSinReversa1799000000005 } from './1799000000005-BoletaHonorariosSinReversa';

/** Every migration of accounting, in order (explicit list, no globs: docs/DESIGN.md §3 "Persistence"). */
export const migrations = [
  Initial1732170000000,
  AccountingSchema1760000000000,
  AccountingLedgerGuards1760000000001,
  PollerState1795240000000,
  MensajeProcesado1796000000000,
  DocumentoEmitido1796000000001,
  DocumentoEmitidoResultado1797000000000,
  DocumentoEmitidoExportacion1798000000000,
  RcvConciliacion1799000000000,
  BoletaHonorarios1799000000001,
  ConciliacionBancaria1799000000002,
  EmpresaTasaPpm1799000000003,
  Utm1799000000004,
  BoletaHonorariosSinReversa1799000000005,
];
