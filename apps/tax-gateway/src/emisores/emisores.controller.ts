import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { EmisorView, PutEmisorDto, TenantParamDto } from './dto/emisor.dto';
import { EmisoresService } from './emisores.service';

@ApiTags('emisores')
@Callers('admin')
@Controller('tax/emisores')
export class EmisoresController {
  constructor(private readonly emisores: EmisoresService) {}

  @Get(':tenant')
  @ApiOperation({ summary: 'Issuer data of a tenant: SII resolution, actecos, branch, intercambio address, logo' })
  @ApiOkResponse({ type: EmisorView })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['emisor_not_found'] })
  get(@Param() p: TenantParamDto): Promise<EmisorView> {
    return this.emisores.get(p.tenant);
  }

  @Put(':tenant')
  @ApiOperation({ summary: 'Create or replace the issuer data of a tenant (required before it can emit)' })
  @ApiOkResponse({ type: EmisorView })
  @ApiProblemResponses(400, 401, 403, { status: 422, errors: ['fecha_out_of_range', 'logo_invalid'] })
  put(@Param() p: TenantParamDto, @Body() body: PutEmisorDto, @Caller() caller?: string): Promise<EmisorView> {
    return this.emisores.put(p.tenant, body, caller);
  }
}
