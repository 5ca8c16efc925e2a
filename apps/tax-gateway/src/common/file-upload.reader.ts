import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '@lib/schemas';

/** The parts of a file upload: its text fields and the bytes of its `file` part. */
export interface FileUploadParts {
  fields: Record<string, string>;
  file?: Buffer;
}

/**
 * Reads `multipart/form-data` with text fields and one `file` part, bytes untouched (CAFs and DTEs are
 * ISO-8859-1 and only libs/dte decodes them). 400 `validation_failed` when the body is not multipart
 * (`fieldNames` names what was expected); 413 `payload_too_large` above `maxFileBytes`.
 */
export async function readFileUpload(req: FastifyRequest, maxFileBytes: number, fieldNames: string): Promise<FileUploadParts> {
  if (!req.isMultipart()) {
    throw new ProblemException(400, 'validation_failed', `Expected multipart/form-data with the fields ${fieldNames}.`, {
      errors: [{ field: 'file', message: 'file is required (multipart/form-data)' }],
    });
  }
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  for await (const part of req.parts({ limits: { fileSize: maxFileBytes, files: 1 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname === 'file') file = data;
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, file };
}

/** 400 `validation_failed` naming the missing `file` part. */
export function fileRequired(): ProblemException {
  return new ProblemException(400, 'validation_failed', 'The request has 1 invalid field.', {
    errors: [{ field: 'file', message: 'file is required' }],
  });
}
