import { DataSource } from 'typeorm';
import { appDataSourceOptions } from '@lib/platform';
import { AnnouncementEntity } from '../announcements/announcement.entity';
import { ChecklistResultEntity } from '../checklist/checklist-result.entity';
import { ChecklistEvidenceEntity } from '../checklist/evidence.entity';
import { ContractEntity, CreditHoldEntity, CreditTransactionEntity } from '../contracts/contract.entity';
import { ScheduledDemotionEntity } from '../demotions/scheduled-demotion.entity';
import { ReservedSlotEntity } from '../reserved-slots/reserved-slot.entity';
import { ReviewEntity } from '../reviews/review.entity';
import { ServiceEntity } from '../services/entities/service.entity';
import { ServiceTransitionEntity } from '../services/entities/transition.entity';
import { migrations } from './migrations';

/** Explicit list, no globs. */
export const entities = [
  ServiceEntity,
  ServiceTransitionEntity,
  ChecklistResultEntity,
  ChecklistEvidenceEntity,
  ReviewEntity,
  ScheduledDemotionEntity,
  AnnouncementEntity,
  ContractEntity,
  CreditHoldEntity,
  CreditTransactionEntity,
  ReservedSlotEntity,
];

/**
 * Used by PlatformModule and by the TypeORM CLI: DATABASE_URL=... SWC_NODE_PROJECT=tsconfig.base.json node -r
 * @swc-node/register node_modules/typeorm/cli.js migration:run -d apps/service-registry/src/database/data-source.ts
 */
export const dataSourceOptions = appDataSourceOptions(entities, migrations);

export default new DataSource(dataSourceOptions);
