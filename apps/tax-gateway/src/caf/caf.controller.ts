import { Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { Caller, Callers } from '@lib/auth';
import { validationProblem } from '@lib/platform';
import { ApiProblemResponses } from '@lib/schemas';
import { CafService } from './caf.service';
import { fileRequired, readFileUpload } from '../common/file-upload.reader';
import { CafView, CafStatusView, CafStatusQueryDto, CafUploadFieldsDto } from './dto/caf.dto';
import { Auditar } from '../auditoria/auditar.decorator';

// A real CAF file is about 2 KB; anything much larger is not one.
const MAX_CAF_BYTES = 64 * 1024;

@ApiTags('caf')
@Callers('admin')
@Controller('tax/caf')
export class CafController {
  constructor(private readonly cafs: CafService) {}

  @Post('upload')
  @HttpCode(201)
  @ApiOperation({ summary: 'Upload a CAF (folio authorization) file; the folio key goes to the signing service' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['tenant', 'file'],
      properties: {
        tenant: { type: 'string', example: '76086428-5' },
        file: { type: 'string', format: 'binary', description: 'CAF XML as downloaded from the SII (ISO-8859-1)' },
      },
    },
  })
  @ApiCreatedResponse({ type: CafView })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 409, errors: ['caf_overlap'] },
    { status: 413, errors: ['payload_too_large'] },
    {
      status: 422,
      errors: ['caf_invalid', 'caf_tipo_unsupported', 'caf_signature_invalid', 'caf_key_mismatch', 'caf_tenant_mismatch', 'caf_expired'],
    },
    { status: 502, errors: ['signer_error'] },
    { status: 503, errors: ['signer_unavailable'] },
    { status: 504, errors: ['signer_timeout'] },
  )
  @Auditar('caf_upload', (r: CafView, _req, filas) => filas.findRow('caf', r.caf_id))
  async upload(@Req() req: FastifyRequest, @Caller() caller?: string): Promise<CafView> {
    const { fields, file } = await readFileUpload(req, MAX_CAF_BYTES, 'tenant and file');
    const dto = plainToInstance(CafUploadFieldsDto, { tenant: fields.tenant });
    const errors = await validate(dto);
    if (errors.length > 0) throw validationProblem(errors);
    if (!file || file.length === 0) throw fileRequired();
    return this.cafs.upload(dto.tenant, file, caller);
  }

  @Get('status')
  @ApiOperation({ summary: 'Folios available per DTE type for a tenant' })
  @ApiOkResponse({ type: CafStatusView })
  @ApiProblemResponses(400, 401, 403)
  status(@Query() q: CafStatusQueryDto): Promise<CafStatusView> {
    return this.cafs.status(q.tenant);
  }
}
