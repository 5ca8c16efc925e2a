import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { pesosTransformer } from '../common/money';

/** One line of an entry: exactly one of debe/haber is positive (CLP whole pesos). Append-only. */
@Entity({ name: 'linea_asiento' })
export class LineaAsiento {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'asiento_id', type: 'uuid' })
  asientoId!: string;

  @Column({ name: 'empresa_id', type: 'uuid' })
  empresaId!: string;

  /** 1-based position in the entry. */
  @Column({ type: 'smallint' })
  linea!: number;

  @Column({ name: 'cuenta_id', type: 'uuid' })
  cuentaId!: string;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  debe!: number;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  haber!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  glosa!: string | null;
}
