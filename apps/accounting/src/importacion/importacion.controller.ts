import { isUUID } from 'class-validator';
import '@fastify/multipart';
import { Controller, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses, ProblemException } from '@lib/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { Actor, callerOf } from '../common/actor';
import { inputHash } from '../common/hash';
import { sendIdempotent } from '../common/idempotent-reply';
import { ImportErrors } from './import-errors';
import { ParsedImport, readImportCsv } from './import-csv.reader';
import { ImportacionService } from './importacion.service';
import { ImportResult } from './dto/import-result.view';
import { errorValue } from '../auditoria/error-value';

/** Largest import file, bytes (about 1.2 million lines of a typical export). */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

interface Upload {
  empresaId?: string;
  parsed?: ParsedImport;
  errors: ImportErrors;
}

@ApiTags('importacion')
@Callers('admin')
@Controller('contable/importacion')
export class ImportacionController {
  constructor(
    private readonly importacion: ImportacionService,
    private readonly auditoria: AuditoriaService,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'One-time import of earlier books: a CSV comprobante,fecha,cuenta,glosa,debe,haber, all or nothing' })
  @ApiConsumes('multipart/form-data')
  @ApiCreatedResponse({ type: ImportResult })
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
    404,
    { status: 409, errors: ['idempotency_key_reused'] },
    { status: 413, errors: ['payload_too_large'] },
    { status: 422, errors: ['import_invalid'] },
  )
  async importar(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('idempotency-key') key?: string,
  ): Promise<ImportResult> {
    const upload: Upload = { errors: new ImportErrors() };
    try {
      await this.read(req, upload);
      if (!upload.empresaId || !isUUID(upload.empresaId) || !upload.parsed) throw this.missing(upload);
      return sendIdempotent(
        reply,
        await this.importacion.importar(upload.empresaId, upload.parsed, upload.errors, this.actor(req, upload), key),
      );
    } catch (err) {
      // The audit interceptor reads empresa_id from a JSON body before the handler runs; a
      // multipart body is only known here, so the import records its refusals itself.
      await this.auditoria.recordQuietly(this.actor(req, upload), {
        empresaId: upload.empresaId && isUUID(upload.empresaId) ? upload.empresaId : null,
        accion: 'importar_asientos',
        entidad: 'importacion',
        entidadId: upload.parsed?.sha256 ?? null,
        resultado: errorValue(err),
      });
      throw err;
    }
  }

  /** Reads the multipart parts, streaming the `file` part through the CSV pass. */
  private async read(req: FastifyRequest, upload: Upload): Promise<void> {
    if (!req.isMultipart()) {
      throw new ProblemException(400, 'validation_failed', 'Expected multipart/form-data with the fields empresa_id and file.', {
        errors: [{ field: 'file', message: 'file is required (multipart/form-data)' }],
      });
    }
    for await (const part of req.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') upload.parsed = await readImportCsv(part.file, upload.errors);
        else part.file.resume();
      } else if (part.fieldname === 'empresa_id') {
        upload.empresaId = String(part.value).trim();
      }
    }
  }

  private missing(upload: Upload): ProblemException {
    const errors = [];
    if (!upload.empresaId || !isUUID(upload.empresaId)) errors.push({ field: 'empresa_id', message: 'empresa_id must be a UUID' });
    if (!upload.parsed) errors.push({ field: 'file', message: 'file is required' });
    return new ProblemException(
      400,
      'validation_failed',
      `The request has ${errors.length} invalid field${errors.length === 1 ? '' : 's'}.`,
      { errors },
    );
  }

  /** Who and what: the input hash covers the fields and the file's SHA-256 (the bytes themselves are not kept). */
  private actor(req: FastifyRequest, upload: Upload): Actor {
    const body = { empresa_id: upload.empresaId ?? null, file_sha256: upload.parsed?.sha256 ?? null };
    return { caller: callerOf(req as never), inputSha256: inputHash({ params: req.params ?? {}, query: req.query ?? {}, body }) };
  }
}
