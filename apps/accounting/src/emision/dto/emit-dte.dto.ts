import { ApiProperty, OmitType } from '@nestjs/swagger';
import { EmitirDto } from '@lib/contracts';
import { IsUUID } from 'class-validator';

/** The gateway's emitir body (@lib/contracts `EmitirDto`) without `tenant`: the empresa's RUT is the tenant. */
export class EmitDteDto extends OmitType(EmitirDto, ['tenant'] as const) {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;
}
