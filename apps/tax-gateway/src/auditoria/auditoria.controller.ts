import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { AuditoriaService } from './auditoria.service';
import { AuditoriaDto, AuditoriaIdParamDto, AuditoriaListDto, AuditoriaQueryDto } from './dto/auditoria.dto';

/** Audit receipts of critical operations (docs/tax-gateway.md "Audit receipts"): the admin service reads them. */
@ApiTags('auditoria')
@Callers('admin')
@Controller('tax/auditoria')
export class AuditoriaController {
  constructor(private readonly auditoria: AuditoriaService) {}

  @Get()
  @ApiOperation({ summary: 'Receipts of critical operations, newest first (filters: tenant, operacion, desde, hasta)' })
  @ApiOkResponse({ type: AuditoriaListDto })
  @ApiProblemResponses(400, 401, 403, { status: 422, errors: ['fecha_out_of_range'] })
  listar(@Query() q: AuditoriaQueryDto): Promise<AuditoriaListDto> {
    return this.auditoria.listar(q);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One receipt with its signed canonical JSON and CMS' })
  @ApiOkResponse({ type: AuditoriaDto })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['auditoria_not_found'] })
  obtener(@Param() p: AuditoriaIdParamDto): Promise<AuditoriaDto> {
    return this.auditoria.obtener(p.id);
  }
}
