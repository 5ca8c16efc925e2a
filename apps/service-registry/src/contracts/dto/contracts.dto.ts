import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

export class CreateContractDto {
  @ApiProperty({ example: 'empresa-76086428-5' })
  @IsString()
  @Length(1, 200)
  customer!: string;
}

export class CreateHoldDto {
  @ApiProperty({ description: 'CLP whole pesos', example: 50000 })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  amount!: number;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  reference?: string;
}
