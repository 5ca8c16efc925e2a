import { ApiProperty } from '@nestjs/swagger';
import { DteNoContabilizadoView } from '../../common/dto/documento.view';
import { RecepcionResultView } from '../../dte-recepcion/dto/recepcion.view';

/** An attachment that held no DTE (an acknowledgement, a RespuestaDTE, garbage): skipped. */
export class AdjuntoIgnoradoView {
  @ApiProperty({ example: 'respuesta.xml' })
  filename!: string;

  @ApiProperty({ enum: ['no_es_dte'] })
  motivo!: 'no_es_dte';

  @ApiProperty({ example: 'not a DTE document: root element is <RespuestaDTE>' })
  detalle!: string;
}

/** A DTE whose receptor RUT matches no empresa (only when the delivery names none). */
export class DteSinEmpresaView extends DteNoContabilizadoView {
  @ApiProperty({ enum: ['receptor_desconocido'] })
  motivo!: 'receptor_desconocido';
}

/** A message booked now (201 when at least one factura is new, else 200). */
export class MensajeProcesadoView {
  @ApiProperty({ enum: ['processed'] })
  status!: 'processed';

  @ApiProperty({ format: 'uuid' })
  mensaje_id!: string;

  @ApiProperty({ example: '<20250502100000.1234@proveedor.example>' })
  message_id!: string;

  @ApiProperty({ example: 1 })
  documentos!: number;

  @ApiProperty({ example: 1 })
  facturas_nuevas!: number;

  @ApiProperty({ type: [RecepcionResultView], description: 'One per empresa booked into' })
  resultados!: RecepcionResultView[];

  @ApiProperty({ type: [DteSinEmpresaView] })
  sin_empresa!: DteSinEmpresaView[];

  @ApiProperty({ type: [AdjuntoIgnoradoView] })
  adjuntos_ignorados!: AdjuntoIgnoradoView[];
}

/** A Message-ID processed before (200): nothing is written. */
export class MensajeDuplicadoView {
  @ApiProperty({ enum: ['duplicate'] })
  status!: 'duplicate';

  @ApiProperty({ format: 'uuid' })
  mensaje_id!: string;

  @ApiProperty({ example: '<20250502100000.1234@proveedor.example>' })
  message_id!: string;

  @ApiProperty({ example: '2026-01-15T12:00:00.000Z' })
  processed_at!: string;
}
