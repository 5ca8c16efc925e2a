import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsRut } from '@lib/rut';

/** `?tenant=&representado_rut=`: whose SII token, or which imported session, reads the portal. */
export class PortalSesionQueryDto {
  @ApiProperty({ example: '76086428-5', description: 'Tenant whose SII token opens the portal' })
  @IsRut()
  tenant!: string;

  @ApiPropertyOptional({
    example: '76086428-5',
    description: "Read with this representado's imported session (POST /tax/auth/import-session) instead of the tenant's token",
  })
  @IsOptional()
  @IsRut()
  representado_rut?: string;
}

/** `?tenant=&rut=&representado_rut=` of the mailbox: `rut` defaults to the representado, else the tenant. */
export class BuzonQueryDto extends PortalSesionQueryDto {
  @ApiPropertyOptional({ example: '76086428-5', description: 'Whose mailbox; the representado, else the tenant, when absent' })
  @IsOptional()
  @IsRut()
  rut?: string;
}

const PORTAL_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** `{notif_id}`: the portal's id of a notification. */
export class NotifIdParamDto {
  @ApiProperty({ example: '76086428-N0002' })
  @IsString()
  @MaxLength(64)
  @Matches(PORTAL_ID, { message: 'notif_id must be the portal’s id of a notification' })
  notif_id!: string;
}

/** `{doc_id}`: the portal's id of a document. */
export class DocIdParamDto {
  @ApiProperty({ example: '76086428-D0002' })
  @IsString()
  @MaxLength(64)
  @Matches(PORTAL_ID, { message: 'doc_id must be the portal’s id of a document' })
  doc_id!: string;
}

/** POST /tax/notificaciones/inbox: an SII e-mail arrived for `rut` (the mailer). */
export class InboxDto extends BuzonQueryDto {
  @ApiProperty({
    example: '<20261125.1234@sii.cl>',
    description: 'The e-mail’s Message-ID: the same one delivered twice gets the same answer',
  })
  @IsString()
  @MaxLength(255)
  @Matches(/^[\x21-\x7e]+$/, { message: 'message_id must be printable ASCII without spaces' })
  message_id!: string;
}
