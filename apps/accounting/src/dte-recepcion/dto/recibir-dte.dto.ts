import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsAbsentOr } from '@lib/schemas';
import { IsBase64, IsNotEmpty, IsString, IsUUID } from 'class-validator';

/** POST /contable/recibir-dte: an EnvioDTE or a standalone DTE, as base64 of the exact bytes or as text. */
export class RecibirDteDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;

  @ApiPropertyOptional({ description: 'Base64 of the XML file bytes (any declared encoding: ISO-8859-1, windows-1252, UTF-8)' })
  @IsAbsentOr()
  @IsBase64()
  xml_base64?: string;

  @ApiPropertyOptional({ description: 'The XML as text (use xml_base64 to keep the original bytes)' })
  @IsAbsentOr()
  @IsString()
  @IsNotEmpty()
  xml?: string;
}
