import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '@lib/schemas';

export interface FileUploadParts {
  fields: Record<string, string>;
  file?: Buffer;
}

/** Bytes untouched: CAFs and DTEs are ISO-8859-1 and only libs/dte decodes them. */
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

export function fileRequired(): ProblemException {
  return new ProblemException(400, 'validation_failed', 'The request has 1 invalid field.', {
    errors: [{ field: 'file', message: 'file is required' }],
  });
}
