import { ApiProperty } from '@nestjs/swagger';

/** Credits held against a contract (CLP whole pesos). */
export class HoldView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'CLP whole pesos', example: 50000 }) amount!: number;
  @ApiProperty({ enum: ['held', 'released'] }) state!: string;
  @ApiProperty({ type: String, nullable: true }) reference!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) released_at!: string | null;
}

/** A contract of a service with its credit holds. */
export class ContractView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) service_id!: string;
  @ApiProperty({ example: 'empresa-76086428-5' }) customer!: string;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deactivated_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) deactivation_reason!: string | null;
  @ApiProperty({ type: [HoldView] }) holds!: HoldView[];
}

/** `GET /api/v1/services/{slug}/contracts`. */
export class ContractListView {
  @ApiProperty() slug!: string;
  @ApiProperty({ type: [ContractView] }) items!: ContractView[];
}

/** What a deactivation did: demotion to internal deactivates contracts and releases held credits. */
export class DeactivationView {
  @ApiProperty() contracts_deactivated!: number;
  @ApiProperty() holds_released!: number;
  @ApiProperty({ description: 'CLP whole pesos released' }) amount_released!: number;
}
