import { ApiProperty } from '@nestjs/swagger';
import { DocumentoView, DteNoContabilizadoView } from '../../common/dto/documento.view';

/** A received DTE registered in the books (amounts in CLP whole pesos). */
export class FacturaView extends DocumentoView {
  @ApiProperty({ example: '79555444-0' })
  rut_emisor!: string;

  @ApiProperty({ example: 'Proveedora Ltda' })
  razon_social_emisor!: string;

  @ApiProperty({ description: 'True when this DTE had been received before: the first registration is returned' })
  duplicada!: boolean;
}

/** A DTE of the file that was not booked, and why. */
export class IgnoredDteView extends DteNoContabilizadoView {
  @ApiProperty({ enum: ['receptor_distinto', 'tipo_no_soportado'] })
  motivo!: 'receptor_distinto' | 'tipo_no_soportado';
}

/** Result of a delivery: what was registered (new or duplicate) and what was not booked. */
export class RecepcionResultView {
  @ApiProperty({ format: 'uuid' })
  empresa_id!: string;

  @ApiProperty({ example: 1, description: 'DTEs in the file' })
  documentos!: number;

  @ApiProperty({ type: [FacturaView] })
  facturas!: FacturaView[];

  @ApiProperty({ type: [IgnoredDteView] })
  ignorados!: IgnoredDteView[];
}
