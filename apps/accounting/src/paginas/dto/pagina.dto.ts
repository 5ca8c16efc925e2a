import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID, Matches } from 'class-validator';
import { PERIODO_PATTERN } from '../../common/periodo';
import { SECCIONES_PAGINA, type SeccionPagina } from '../layout';

export class PaginaParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;

  @ApiProperty({ enum: SECCIONES_PAGINA })
  @IsIn(SECCIONES_PAGINA)
  seccion!: SeccionPagina;
}

export class PaginaQueryDto {
  @ApiProperty({ example: '2026-10', description: 'YYYY-MM, or YYYY for the balance, the estado de resultados and the libro mayor' })
  @Matches(PERIODO_PATTERN, { message: 'periodo must be YYYY-MM or YYYY' })
  periodo!: string;
}
