import { Column, Entity, Index } from 'typeorm';
import { EstadoHistorialColumns } from '../../envio/entities/estado-historial.columns';

/** One step of a book's history (envio/EstadoHistorialColumns). */
@Entity({ name: 'libro_estado' })
@Index('libro_estado_libro_idx', ['libroId', 'id'])
export class LibroEstadoEntity extends EstadoHistorialColumns {
  @Column({ name: 'libro_id', type: 'uuid' })
  libroId!: string;
}
