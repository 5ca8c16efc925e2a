import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { UPSTREAM_PROBLEMS } from '../sii/sii-problems';
import { CafResyncService } from './caf-resync.service';
import { CafResyncDto, CafResyncView } from './dto/caf-resync.dto';

@ApiTags('caf')
@Callers('admin')
@Controller('tax/caf')
export class CafResyncController {
  constructor(private readonly resyncs: CafResyncService) {}

  @Post('resync')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Compare the folios consumed here with what the SII knows: skip folios another system used (the counter moves past them), list folios to resend or annul',
  })
  @ApiOkResponse({ type: CafResyncView })
  @ApiProblemResponses(400, 401, 403, ...UPSTREAM_PROBLEMS)
  resync(@Body() dto: CafResyncDto): Promise<CafResyncView> {
    return this.resyncs.resync(dto);
  }
}
