import '@fastify/multipart';
import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { isUUID } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { IdempotentResult } from '../common/idempotent-reply';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { errorValue } from '../auditoria/error-value';
import { Actor, callerOf } from '../common/actor';
import { inputHash } from '../common/hash';
import { ImportResultView } from './dto/import-result.view';
import { ImportErrors } from './import-errors';
import { ParsedImport, readImportCsv } from './import-csv.reader';
import { ImportacionService } from './importacion.service';

/** About 1.2 million lines of a typical export. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

interface Upload {
  empresaId?: string;
  parsed?: ParsedImport;
  errors: ImportErrors;
}

/**
 * The intake of POST /contable/importacion. It audits a refusal itself: the audit interceptor reads
 * `empresa_id` from a JSON body before the handler runs; a multipart body is only known here.
 */
@Injectable()
export class ImportUploadService {
  constructor(
    private readonly importacion: ImportacionService,
    private readonly auditoria: AuditoriaService,
  ) {}

  async receive(req: FastifyRequest, key?: string): Promise<IdempotentResult<ImportResultView>> {
    const upload: Upload = { errors: new ImportErrors() };
    try {
      await this.read(req, upload);
      if (!upload.empresaId || !isUUID(upload.empresaId) || !upload.parsed) throw this.missing(upload);
      return await this.importacion.importEntries(upload.empresaId, upload.parsed, upload.errors, this.actor(req, upload), key);
    } catch (err) {
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

  /** The input hash covers the fields and the file's SHA-256; the bytes are not kept. */
  private actor(req: FastifyRequest, upload: Upload): Actor {
    const body = { empresa_id: upload.empresaId ?? null, file_sha256: upload.parsed?.sha256 ?? null };
    return { caller: callerOf(req as never), inputSha256: inputHash({ params: req.params ?? {}, query: req.query ?? {}, body }) };
  }
}
