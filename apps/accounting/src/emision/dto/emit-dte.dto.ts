import { ApiProperty, OmitType } from '@nestjs/swagger';
import { EmitirDto } from '@lib/contracts';
import { IsUUID } from 'class-validator';

/**
 * POST /contable/emit-dte: the gateway's emitir body (@lib/contracts `EmitirDto`, the one copy of its
 * validation) without `tenant`, plus `empresa_id` (the empresa's RUT is the tenant). A bad body is
 * refused here with 400 before any idempotency key is stored or the gateway is called.
 */
export class EmitDteDto extends OmitType(EmitirDto, ['tenant'] as const) {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;
}
