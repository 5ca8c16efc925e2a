import { DataSource } from 'typeorm';
import { appDataSourceOptions } from '@lib/platform';
import { CafEntity } from '../caf/entities/caf.entity';
import { FolioCounterEntity } from '../caf/entities/folio-counter.entity';
import { EmisionEstadoEntity } from '../dte/entities/emision-estado.entity';
import { EmisionEntity } from '../dte/entities/emision.entity';
import { EmisorEntity } from '../emisores/entities/emisor.entity';
import { DtePdfEntity } from '../dte/entities/dte-pdf.entity';
import { LibroEntity } from '../libros/entities/libro.entity';
import { LibroEstadoEntity } from '../libros/entities/libro-estado.entity';
import { CesionEntity } from '../cesion/entities/cesion.entity';
import { CesionEstadoEntity } from '../cesion/entities/cesion-estado.entity';
import { JobEntity } from '../jobs/entities/job.entity';
import { BoletaEnvioEntity } from '../boleta/entities/boleta-envio.entity';
import { RecepcionEnvioEntity } from '../recepcion/entities/recepcion-envio.entity';
import { RecepcionEntity } from '../recepcion/entities/recepcion.entity';
import { AuditoriaEntity } from '../auditoria/entities/auditoria.entity';
import { PortalVisitaEntity } from '../portal/entities/portal-visita.entity';
import { SesionImportadaEntity } from '../portal/entities/sesion-importada.entity';
import { NotificacionInboxEntity } from '../portal/entities/notificacion-inbox.entity';
import { NotificacionVistaEntity } from '../portal/entities/notificacion-vista.entity';
import { RecepcionEventoEntity } from '../recepcion/entities/recepcion-evento.entity';
import { RecepcionRespuestaEntity } from '../recepcion/entities/recepcion-respuesta.entity';
import { BancoMovimientoEntity } from '../banco/entities/banco-movimiento.entity';
import { BancoRefreshEntity } from '../banco/entities/banco-refresh.entity';
import { BancoLinkEntity } from '../banco/entities/banco-link.entity';
import { ContribuyenteAutorizadoEntity, ContribuyentesDescargaEntity } from '../contribuyente/entities/contribuyente-autorizado.entity';
import { migrations } from './migrations';

/** Every entity of tax-gateway (explicit list, no globs: a new area adds its own, docs/ARCHITECTURE.md). */
export const entities = [
  CafEntity,
  FolioCounterEntity,
  EmisionEntity,
  EmisionEstadoEntity,
  EmisorEntity,
  DtePdfEntity,
  RecepcionEnvioEntity,
  RecepcionEntity,
  PortalVisitaEntity,
  AuditoriaEntity,
  SesionImportadaEntity,
  NotificacionVistaEntity,
  NotificacionInboxEntity,
  RecepcionEventoEntity,
  RecepcionRespuestaEntity,
  LibroEntity,
  LibroEstadoEntity,
  CesionEntity,
  CesionEstadoEntity,
  JobEntity,
  BoletaEnvioEntity,
  BancoMovimientoEntity,
  BancoRefreshEntity,
  BancoLinkEntity,
  ContribuyenteAutorizadoEntity,
  ContribuyentesDescargaEntity,
];

// TypeORM CLI: DATABASE_URL=postgres://... SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register \
//   node_modules/typeorm/cli.js migration:run -d apps/tax-gateway/src/database/data-source.ts
export const dataSourceOptions = appDataSourceOptions(entities, migrations);

export default new DataSource(dataSourceOptions);
