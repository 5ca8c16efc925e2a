import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { Audited } from './audited.decorator';
import { AuditoriaService } from './auditoria.service';
import { AuditoriaView } from './dto/auditoria.view';

export class AuditoriaQueryDto {
  @IsUUID()
  empresa_id!: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;

  /** Cursor: only records with a smaller id (the last id of the previous page). */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  before?: number;
}

@ApiTags('auditoria')
@Callers('admin')
@Controller('contable/auditoria')
export class AuditoriaController {
  constructor(private readonly auditoria: AuditoriaService) {}

  @Get()
  @Audited({ accion: 'consultar_auditoria', entidad: 'auditoria', kind: 'read' })
  @ApiOperation({ summary: 'Audit trail of an empresa, newest first (limit <= 1000, cursor `before`)' })
  @ApiOkResponse({ type: AuditoriaView })
  @ApiProblemResponses(400, 401, 403, 404)
  async list(@Query() q: AuditoriaQueryDto): Promise<AuditoriaView> {
    return { registros: await this.auditoria.list(q.empresa_id, q.limit ?? 100, q.before) };
  }
}
