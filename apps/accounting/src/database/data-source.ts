import { DataSource } from 'typeorm';
import { Asiento } from '../asientos/asiento.entity';
import { Idempotencia } from '../asientos/idempotencia.entity';
import { LineaAsiento } from '../asientos/linea-asiento.entity';
import { Auditoria } from '../auditoria/auditoria.entity';
import { Factura } from '../dte-recepcion/factura.entity';
import { DocumentoEmitido, EmisionSolicitud } from '../emision/documento-emitido.entity';
import { Empresa } from '../empresas/empresa.entity';
import { PeriodoCerrado } from '../periodos/periodo-cerrado.entity';
import { Cuenta } from '../plan-cuentas/cuenta.entity';
import { PollerState } from '../poller/poller-state.entity';
import { MensajeProcesado } from '../poller/mensaje-procesado.entity';
import { migrations } from './migrations';

/** Every entity of accounting (explicit list, no globs). Domain engineers add theirs here. */
export const entities = [
  Empresa,
  Cuenta,
  Asiento,
  LineaAsiento,
  PeriodoCerrado,
  Factura,
  Idempotencia,
  Auditoria,
  PollerState,
  MensajeProcesado,
  DocumentoEmitido,
  EmisionSolicitud,
];

/**
 * The one TypeORM configuration of accounting: PlatformModule uses `entities` and `migrations` (with
 * synchronize off and migrations run at boot), and the TypeORM CLI uses the DataSource below:
 *   DATABASE_URL=postgres://... SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register \
 *     node_modules/typeorm/cli.js migration:run -d apps/accounting/src/database/data-source.ts
 */
export const dataSourceOptions = {
  type: 'postgres' as const,
  url: process.env.DATABASE_URL,
  entities,
  migrations,
  synchronize: false,
  migrationsRun: true,
};

export default new DataSource(dataSourceOptions);
