import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ANY_CALLER, Caller, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { PLATFORM_OPTIONS, PlatformOptions } from './tokens';

export class WhoamiDto {
  @ApiProperty({ example: 'accounting', description: 'Caller name owning the presented key (INTERNAL_KEYS)' })
  caller!: string;

  @ApiProperty({ example: 'tax-gateway', description: 'The app that answered' })
  service!: string;
}

/** `GET /whoami`: which caller the presented key belongs to (handy to check a deployment's keys). */
@ApiTags('platform')
@Controller()
export class WhoamiController {
  constructor(@Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions) {}

  @Get('whoami')
  @Callers(ANY_CALLER)
  @ApiOperation({ summary: 'Name of the caller owning the presented X-Internal-Key' })
  @ApiOkResponse({ type: WhoamiDto })
  @ApiProblemResponses(401)
  whoami(@Caller() caller: string): WhoamiDto {
    return { caller, service: this.options.appName };
  }
}
