import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '@lib/schemas';

/** The parts of a CAF upload. */
export interface CafUploadParts {
  fields: Record<string, string>;
  file?: Buffer;
}

// A real CAF file is about 2 KB; anything much larger is not one.
const MAX_CAF_BYTES = 64 * 1024;

/**
 * Reads `multipart/form-data` with the text fields and the `file` part (bytes untouched: a CAF is
 * ISO-8859-1 and is decoded by parseCaf only). 400 when the body is not multipart; 413 above 64 KB.
 */
export async function readCafUpload(req: FastifyRequest): Promise<CafUploadParts> {
  if (!req.isMultipart()) {
    throw new ProblemException(400, 'validation_failed', 'Expected multipart/form-data with the fields tenant and file.', {
      errors: [{ field: 'file', message: 'file is required (multipart/form-data)' }],
    });
  }
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  for await (const part of req.parts({ limits: { fileSize: MAX_CAF_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname === 'file') file = data;
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, file };
}
