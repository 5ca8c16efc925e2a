import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DeactivationView } from '../../contracts/dto/contract.view';
import { DemotionView } from '../../demotions/demotion.view';
import { ServiceView } from '../../services/service.view';

/** What a PATCH to an earlier stage did: applied now, or scheduled after the 7-day notice. */
export class DemotionResultView {
  @ApiProperty({ description: 'false: scheduled (202); true: applied now (200)' }) applied!: boolean;
  @ApiPropertyOptional({ type: DemotionView, description: 'The notice, when not applied yet' }) scheduled?: DemotionView;
  @ApiPropertyOptional({ description: 'History row of the applied demotion' }) transition_id?: string;
  @ApiPropertyOptional({ type: DeactivationView, nullable: true, description: 'Set when the service went to internal' })
  deactivation?: DeactivationView | null;
}

/** Answer of PATCH /api/v1/services/{slug}: the service, and the demotion when one was requested. */
export class PatchResultView extends ServiceView {
  @ApiPropertyOptional({ type: DemotionResultView }) demotion?: DemotionResultView;
}
