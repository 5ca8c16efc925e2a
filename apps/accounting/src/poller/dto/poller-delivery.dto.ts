import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsObject,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBase64,
  IsISO8601,
  IsOptional,
  Matches,
  IsString,
  IsUUID,
  Length,
  ValidateNested,
} from 'class-validator';

/** One XML attachment of the e-mail, as the exact bytes in base64. */
export class AdjuntoDto {
  @ApiProperty({ example: 'EnvioDTE_F60T33.xml' })
  @IsString()
  @Length(1, 255)
  filename!: string;

  @ApiProperty({ description: 'Base64 of the attachment bytes (any declared encoding)' })
  @IsBase64()
  content_base64!: string;
}

/**
 * POST /contable/poller/recibir-dte (docs/accounting-poller.md "The endpoint"); the same shape as
 * the poller's `PollerDelivery`.
 */
export class PollerDeliveryDto {
  @ApiProperty({ example: '<20250502100000.1234@proveedor.example>', description: 'RFC 5322 Message-ID (1..998 characters)' })
  @IsString()
  @Length(1, 998)
  message_id!: string;

  @ApiProperty({ example: '2025-05-02T10:00:00.000Z', description: 'When the mailbox received the message (ISO 8601)' })
  @IsISO8601({ strict: true })
  @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, { message: 'received_at must be a date and time (YYYY-MM-DDTHH:MM...)' })
  received_at!: string;

  @ApiProperty({ type: [AdjuntoDto], minItems: 1, maxItems: 50 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => AdjuntoDto)
  attachments!: AdjuntoDto[];

  @ApiPropertyOptional({ format: 'uuid', description: 'Book into this empresa; unset: the receptor RUT of each DTE picks the empresa' })
  @IsOptional()
  @IsUUID()
  empresa_id?: string;
}
