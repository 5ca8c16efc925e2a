import { SolicitudColumns } from '../../database/solicitud.columns';
import type { ResultadoSii } from '@lib/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '@lib/platform';
import type { EstadoEnvio } from '../../envio/envio-estados';

/**
 * One AEC (docs/research/cesion.md): one the tenant assigned as cedente (its states the submission pipeline's, then the
 * registry's ESTADO_ENVIO), or one it received as cesionario (`recibido`, then EOK once the registry names it the holder).
 * The file's bytes are kept exactly; the history rows are in `dte_cesion_estado`.
 */
@Entity({ name: 'dte_cesion' })
@Index('dte_cesion_documento_idx', ['tenant', 'tipoDte', 'folio'])
export class CesionEntity extends SolicitudColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ type: 'varchar', length: 10 })
  rol!: 'cedente' | 'cesionario';

  @Column({ name: 'rut_emisor', type: 'varchar', length: 10 })
  rutEmisor!: string;

  @Column({ name: 'tipo_dte', type: 'smallint' })
  tipoDte!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  folio!: number;

  @Column({ type: 'smallint' })
  seq!: number;

  @Column({ name: 'rut_cedente', type: 'varchar', length: 10 })
  rutCedente!: string;

  @Column({ name: 'rut_cesionario', type: 'varchar', length: 10 })
  rutCesionario!: string;

  @Column({ name: 'razon_social_cesionario', type: 'varchar', length: 100 })
  razonSocialCesionario!: string;

  /** MontoCesion, whole CLP. */
  @Column({ type: 'bigint', transformer: bigintTransformer })
  monto!: number;

  @Column({ name: 'ultimo_vencimiento', type: 'date' })
  ultimoVencimiento!: string;

  @Column({ type: 'varchar', length: 24 })
  estado!: EstadoEnvio;

  @Column({ type: 'text', nullable: true })
  glosa!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'pendiente' })
  resultado!: ResultadoSii;

  @Column({ type: 'varchar', length: 20, nullable: true })
  trackid!: string | null;

  @Column({ type: 'bytea' })
  xml!: Buffer;

  @Column({ name: 'xml_sha256', type: 'char', length: 64 })
  xmlSha256!: string;
}
