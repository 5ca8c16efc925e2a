import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { PLATFORM_OPTIONS, PlatformOptions } from './tokens';

/** `GET /whoami`: which caller the presented key belongs to (handy to check a deployment's keys). */
@ApiTags('platform')
@Controller()
export class WhoamiController {
  constructor(@Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions) {}

  @Get('whoami')
  @ApiOperation({ summary: 'Name of the caller owning the presented X-Internal-Key' })
  @ApiOkResponse({ schema: { example: { caller: 'accounting', service: 'tax-gateway' } } })
  @ApiProblemResponses(401)
  whoami(@Caller() caller: string): { caller: string; service: string } {
    return { caller, service: this.options.appName };
  }
}
