import { Type, applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';

/**
 * The 200 answer of a report: the JSON report (`type`), or the same report as RFC 4180 CSV when the
 * client sends `Accept: text/csv` (see `respond`), and as a PDF with `Accept: application/pdf` when `pdf`.
 */
export function ApiReport(type: Type<unknown>, opts: { pdf?: boolean } = {}): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(type),
    ApiOkResponse({
      description: `The report as JSON, or as CSV with Accept: text/csv${opts.pdf ? ', or as PDF with Accept: application/pdf' : ''}`,
      content: {
        'application/json': { schema: { $ref: getSchemaPath(type) } },
        'text/csv': { schema: { type: 'string', description: 'RFC 4180 CSV with a header row; amounts as integers (CLP pesos)' } },
        ...(opts.pdf ? { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } : {}),
      },
    }),
  );
}
