import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { AuditoriaService } from './auditoria.service';
import { AuditoriaView, AuditoriaIdParamDto, AuditoriaListView, AuditoriaQueryDto } from './dto/auditoria.dto';

/** Audit receipts of critical operations (docs/tax-gateway.md "Audit receipts"): the admin service reads them. */
@ApiTags('auditoria')
@Callers('admin')
@Controller('tax/auditoria')
export class AuditoriaController {
  constructor(private readonly auditoria: AuditoriaService) {}

  @Get()
  @ApiOperation({ summary: 'Receipts of critical operations, newest first (filters: tenant, operacion, desde, hasta)' })
  @ApiOkResponse({ type: AuditoriaListView })
  @ApiProblemResponses(400, 401, 403, { status: 422, errors: ['fecha_out_of_range'] })
  list(@Query() q: AuditoriaQueryDto): Promise<AuditoriaListView> {
    return this.auditoria.list(q);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One receipt with its signed canonical JSON and CMS' })
  @ApiOkResponse({ type: AuditoriaView })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['auditoria_not_found'] })
  find(@Param() p: AuditoriaIdParamDto): Promise<AuditoriaView> {
    return this.auditoria.find(p.id);
  }
}
