import { Type, applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';

/**
 * The 200 answer of a report: the JSON report (`type`), or the same report as RFC 4180 CSV when the
 * client sends `Accept: text/csv` (see `respond`).
 */
export function ApiReport(type: Type<unknown>): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(type),
    ApiOkResponse({
      description: 'The report as JSON, or as CSV with Accept: text/csv',
      content: {
        'application/json': { schema: { $ref: getSchemaPath(type) } },
        'text/csv': { schema: { type: 'string', description: 'RFC 4180 CSV with a header row; amounts as integers (CLP pesos)' } },
      },
    }),
  );
}
