import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DocumentoView } from '../../common/dto/documento.view';
import { RESULTADOS_SII, type ResultadoSii } from '@lib/contracts';

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

  @ApiProperty({ example: 'uploaded', description: "The gateway's state of the emission, for people; programs read resultado" })
  estado!: string;

  @ApiProperty({ enum: RESULTADOS_SII, description: 'The outcome at the SII as the gateway publishes it; pendiente until final' })
  resultado!: ResultadoSii;

  @ApiPropertyOptional({
    description: 'Set when the DTE was emitted but the books refused its entry (e.g. the period was closed meanwhile)',
  })
  advertencia?: string;
}
