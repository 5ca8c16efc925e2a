import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';

/** PUT /contable/utm/{mes}. */
export class UtmDto {
  @ApiProperty({ example: 69542, description: "The month's UTM in pesos, as the SII publishes it (sii.cl, valores y fechas)" })
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  valor!: number;
}

export class UtmView {
  @ApiProperty({ example: '2026-11' }) mes!: string;
  @ApiProperty({ example: 69542 }) valor!: number;
  @ApiProperty() updated_at!: string;
  @ApiProperty({ example: 'admin' }) updated_by!: string;
}

export class UtmsView {
  @ApiProperty({ type: [UtmView] }) items!: UtmView[];
}
