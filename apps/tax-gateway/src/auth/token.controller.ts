import { Body, Controller, Delete, HttpCode, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { UPSTREAM_PROBLEMS } from '../sii/sii-problems';
import { TokenInvalidateQueryDto, TokenRequestDto, TokenView } from './dto/token.dto';
import { TokenService } from './token.service';
import { Auditar } from '../auditoria/auditar.decorator';

@ApiTags('auth')
@Callers('admin')
@Controller('tax/auth/token')
export class TokenController {
  constructor(private readonly tokens: TokenService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Obtain (or reuse) the SII token of a tenant; the token itself is never returned' })
  @ApiOkResponse({ type: TokenView })
  @ApiProblemResponses(400, 401, 403, ...UPSTREAM_PROBLEMS)
  obtain(@Body() body: TokenRequestDto): Promise<TokenView> {
    return this.tokens.info(body.tenant);
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Invalidate the cached SII token of one tenant (?tenant=) or of all tenants' })
  @ApiNoContentResponse({ description: 'Invalidated' })
  @ApiProblemResponses(400, 401, 403)
  // The tenant of the query (normalized), or null when the whole cache is cleared.
  @Auditar('token_invalidado')
  invalidate(@Query() query: TokenInvalidateQueryDto): void {
    this.tokens.invalidate(query.tenant);
  }
}
