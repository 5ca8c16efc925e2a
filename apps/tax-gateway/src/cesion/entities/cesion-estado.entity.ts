import { Column, Entity, Index } from 'typeorm';
import { EstadoHistorialColumns } from '../../envio/entities/estado-historial.columns';

/** One step of a cesión's history (envio/EstadoHistorialColumns). */
@Entity({ name: 'dte_cesion_estado' })
@Index('dte_cesion_estado_cesion_idx', ['cesionId', 'id'])
export class CesionEstadoEntity extends EstadoHistorialColumns {
  @Column({ name: 'cesion_id', type: 'uuid' })
  cesionId!: string;
}
