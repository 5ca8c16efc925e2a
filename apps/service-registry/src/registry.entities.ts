import { AnnouncementEntity } from './announcements/announcement.entity';
import { ChecklistResultEntity } from './checklist/checklist-result.entity';
import { ChecklistEvidenceEntity } from './checklist/evidence.entity';
import { ContractEntity, CreditHoldEntity, CreditTransactionEntity } from './contracts/contract.entity';
import { ScheduledDemotionEntity } from './demotions/scheduled-demotion.entity';
import { ServiceTransitionEntity } from './lifecycle/transition.entity';
import { ReservedSlotEntity } from './reserved-slots/reserved-slot.entity';
import { ReviewEntity } from './reviews/review.entity';
import { ServiceEntity } from './services/entities/service.entity';

/** Every TypeORM entity of the registry, listed explicitly (DESIGN §3: no globs). */
export const REGISTRY_ENTITIES = [
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
