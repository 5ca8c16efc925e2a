import { ApiProperty } from '@nestjs/swagger';
import { IsUUID, Matches } from 'class-validator';
import { MES_PATTERN } from '../periodo';

/** `empresa_id` and a month `periodo=YYYY-MM` (the F29, the RCV reconciliation). */
export class MesQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;

  @ApiProperty({ example: '2025-05', description: 'A month (YYYY-MM)' })
  @Matches(MES_PATTERN, { message: 'periodo must be YYYY-MM' })
  periodo!: string;
}
