import { Column, Entity, Index } from 'typeorm';
import { EstadoHistorialColumns } from '../../envio/entities/estado-historial.columns';

/** One step of an emission's history (envio/EstadoHistorialColumns). */
@Entity({ name: 'dte_emission_status' })
@Index('dte_emission_status_emission_idx', ['emissionId', 'id'])
export class EmisionEstadoEntity extends EstadoHistorialColumns {
  @Column({ name: 'emission_id', type: 'uuid' })
  emissionId!: string;
}
