import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { OidcBearerGuard, Public } from '@lib/auth';
import { ApiProblemResponses, ProblemException } from '@lib/schemas';
import { CurrentViewer, type Viewer } from '../access/viewer';
import { renderCatalogPage, renderDetailPage, renderExplanationPage, renderGonePage, robotsFor } from './page-renderer';
import { PagesService } from './pages.service';
import { ApiEndUser } from '../access/api-end-user.decorator';

const HTML = 'text/html; charset=utf-8';
const HTML_PAGE = { 'text/html': { schema: { type: 'string' } } };

/**
 * Server-rendered marketplace pages. Public routes (browsers carry no X-Internal-Key); a forwarded
 * bearer token, when present, widens what is visible exactly as on the API.
 */
@ApiTags('marketplace pages')
@ApiEndUser()
@Public()
@UseGuards(OidcBearerGuard)
@Controller('s')
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Get()
  @ApiOperation({ summary: 'Marketplace catalog page (beta with a Beta badge for signed-in users, public for all)' })
  @ApiProduces(HTML)
  @ApiOkResponse({ description: 'The catalog page', content: HTML_PAGE })
  @ApiProblemResponses({ status: 401, errors: ['invalid_token'], description: 'A forwarded bearer token is invalid' })
  async showCatalog(@CurrentViewer() viewer: Viewer, @Res() reply: FastifyReply): Promise<void> {
    const services = await this.pages.listCatalog(viewer);
    const robots = services.some((s) => s.marketplace_status === 'beta') ? 'noindex, nofollow' : undefined;
    if (robots) void reply.header('X-Robots-Tag', robots);
    await reply.type(HTML).send(renderCatalogPage(services, robots));
  }

  @Get(':slug')
  @ApiOperation({ summary: 'Detail page of a service: tagline, features, badges; 410 during the grace period after a demotion' })
  @ApiProduces(HTML)
  @ApiOkResponse({ description: 'The detail page', content: HTML_PAGE })
  @ApiResponse({
    status: 410,
    description: 'Withdrawn (grace period after a demotion): an HTML page; Location points to the explanation',
    content: HTML_PAGE,
  })
  @ApiProblemResponses(400, { status: 401, errors: ['invalid_token'] }, 404)
  async showDetail(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer, @Res() reply: FastifyReply): Promise<void> {
    const outcome = await this.pages.resolveDetail(slug, viewer);
    if (outcome.kind === 'not_found') throw new ProblemException(404, 'not_found', `No marketplace page ${slug}.`);
    if (outcome.kind === 'gone') {
      await reply
        .status(410)
        .header('Location', outcome.details.explanationPath)
        .header('X-Robots-Tag', 'noindex, nofollow')
        .type(HTML)
        .send(renderGonePage(outcome.details));
      return;
    }
    const robots = robotsFor(outcome.service.marketplace_status);
    if (robots) void reply.header('X-Robots-Tag', robots);
    await reply.header('Cache-Control', 'private, no-cache').type(HTML).send(renderDetailPage(outcome.service));
  }

  @Get(':slug/gone')
  @ApiOperation({ summary: 'Why a service was withdrawn (the target of the 410 Location)' })
  @ApiProduces(HTML)
  @ApiOkResponse({ description: 'Why the service was withdrawn', content: HTML_PAGE })
  @ApiProblemResponses(400, { status: 401, errors: ['invalid_token'] }, 404)
  async showGone(@Param('slug') slug: string, @Res() reply: FastifyReply): Promise<void> {
    const details = await this.pages.explain(slug);
    if (!details) throw new ProblemException(404, 'not_found', `No withdrawal of ${slug} to explain.`);
    await reply.header('X-Robots-Tag', 'noindex, nofollow').type(HTML).send(renderExplanationPage(details));
  }
}
