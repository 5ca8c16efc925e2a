import { ApiProperty, OmitType } from '@nestjs/swagger';
import { EmitirDto } from '@lib/contracts';
import { IsIn, IsUUID } from 'class-validator';
import { TIPOS_VENTA } from '../sale-rules';

/**
 * The gateway's emitir body (@lib/contracts `EmitirDto`) without `tenant`: the empresa's RUT is the tenant. `tipo_dte` only
 * of the types with a sale rule (`TIPOS_VENTA`): the gateway's other types (a guía 52) are refused before it is called.
 */
export class EmitDteDto extends OmitType(EmitirDto, ['tenant'] as const) {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;

  @ApiProperty({ example: 33, enum: [...TIPOS_VENTA] })
  @IsIn(TIPOS_VENTA)
  declare tipo_dte: (typeof TIPOS_VENTA)[number];
}
