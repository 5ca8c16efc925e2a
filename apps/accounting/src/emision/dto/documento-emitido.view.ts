import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DocumentoView } from '../../common/dto/documento.view';

export class ReceptorEmitidoView {
  @ApiProperty({ example: '76543210-3' })
  rut!: string;

  @ApiProperty({ example: 'Comercial Los Aromos Limitada' })
  razon_social!: string;
}

/** A DTE emitted through the tax gateway and booked as a sale (amounts in CLP whole pesos). */
export class DocumentoEmitidoView extends DocumentoView {
  @ApiProperty({ type: ReceptorEmitidoView })
  receptor!: ReceptorEmitidoView;

  @ApiProperty({ format: 'uuid', description: 'The gateway emission' })
  emision_id!: string;

  @ApiProperty({ example: '0260003916', nullable: true, type: String })
  trackid!: string | null;

  @ApiProperty({ example: 'uploaded' })
  estado!: string;

  @ApiPropertyOptional({
    description: 'Set when the DTE was emitted but the books refused its entry (e.g. the period was closed meanwhile)',
  })
  advertencia?: string;
}
