import { Controller, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendIdempotent } from '../common/idempotent-reply';
import { ImportResultView } from './dto/import-result.view';
import { ImportUploadService } from './import-upload.service';

@ApiTags('importacion')
@Callers('admin')
@Controller('contable/importacion')
export class ImportacionController {
  constructor(private readonly uploads: ImportUploadService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'One-time import of earlier books: a CSV comprobante,fecha,cuenta,glosa,debe,haber, all or nothing' })
  @ApiConsumes('multipart/form-data')
  @ApiCreatedResponse({ type: ImportResultView })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['empresa_id', 'file'],
      properties: {
        empresa_id: { type: 'string', format: 'uuid' },
        file: {
          type: 'string',
          format: 'binary',
          description: 'UTF-8 CSV, separator , or ;, header comprobante,fecha,cuenta,glosa,debe,haber',
        },
      },
    },
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A retry with the same key and file returns the first answer.' })
  @ApiProblemResponses(
    400,
    401,
    403,
    404,
    { status: 409, errors: ['idempotency_key_reused'] },
    { status: 413, errors: ['payload_too_large'] },
    { status: 422, errors: ['import_invalid'] },
  )
  async importEntries(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('idempotency-key') key?: string,
  ): Promise<ImportResultView> {
    return sendIdempotent(reply, await this.uploads.receive(req, key));
  }
}
