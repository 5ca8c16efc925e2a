import { Body, Controller, Param, Patch, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { ApiEndUser } from '../access/api-end-user.decorator';
import { CurrentViewer, type Viewer } from '../access/viewer';
import { toDemotionView } from '../demotions/demotion.view';
import { UpdateServiceDto } from '../services/dto/update-service.dto';
import { toServiceView } from '../services/service.view';
import { PatchResultView } from './dto/patch-result.view';
import { LifecycleService } from './lifecycle.service';

/** Edits and stage changes of a service (docs/service-registry.md "Flows"). */
@ApiTags('services')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Callers('admin')
@Controller('api/v1/services')
export class LifecycleController {
  constructor(private readonly lifecycle: LifecycleService) {}

  @Patch(':slug')
  @ApiOperation({
    summary: 'Edit a service and/or change its marketplace_status',
    description:
      'One stage forward runs the gates (cooldown, review, cumulative checklist). More than one stage forward is 409 stage_skipped. ' +
      'An earlier stage needs a reason: applied now when a notice for it is at least 7 days old or with force (superadmin), ' +
      'else 202 with a demotion scheduled 7 days out and announced now.',
  })
  @ApiOkResponse({ type: PatchResultView, description: 'Saved; a demotion, when requested, was applied' })
  @ApiAcceptedResponse({ type: PatchResultView, description: 'A demotion was scheduled (announced now, effective in 7 days)' })
  @ApiProblemResponses(
    400,
    401,
    403,
    404,
    { status: 409, errors: ['stage_skipped', 'cooldown_active', 'review_required', 'review_rejected', 'version_conflict', 'port_taken'] },
    { status: 422, errors: ['checklist_unmet', 'notice_too_short'] },
  )
  async patch(
    @Param('slug') slug: string,
    @Body() dto: UpdateServiceDto,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PatchResultView> {
    const outcome = await this.lifecycle.patch(slug, dto, viewer);
    const view = toServiceView(outcome.service);
    if (!outcome.demotion) return view;
    if (!outcome.demotion.applied) {
      void reply.status(202);
      return { ...view, demotion: { applied: false, scheduled: toDemotionView(outcome.demotion.scheduled) } };
    }
    return {
      ...view,
      demotion: {
        applied: true,
        transition_id: String(outcome.demotion.transition.id),
        deactivation: outcome.demotion.deactivation ?? null,
      },
    };
  }
}
