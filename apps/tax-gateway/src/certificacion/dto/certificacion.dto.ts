import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBase64, IsIn, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { RESULTADOS_SII, ReceptorDto, type ResultadoSii } from '@lib/contracts';
import { IsRut } from '@lib/rut';
import { IsAbsentOr } from '@lib/schemas';

export class CertificacionSetsQueryDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;
}

export class CertificacionRunDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiProperty({ enum: ['BASICO'], description: 'The set to run (the SET BASICO of the SII file)' })
  @IsIn(['BASICO'])
  set!: 'BASICO';

  @ApiPropertyOptional({
    description:
      'The set file as the SII gave it (SIISetDePruebas<RUT>.txt, base64 of the ISO-8859-1 bytes); the sim hands one out when absent',
  })
  @IsAbsentOr()
  @IsString()
  @IsBase64()
  set_base64?: string;

  @ApiPropertyOptional({ type: ReceptorDto, description: 'The receiver of every document; the SII itself when absent' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ReceptorDto)
  receptor?: ReceptorDto;
}

export class CasoSetView {
  @ApiProperty({ example: '4567890-1' }) caso!: string;
  @ApiProperty({ example: 'FACTURA ELECTRONICA' }) documento!: string;
  @ApiProperty({ nullable: true, type: Number, example: 33 }) tipo_dte!: number | null;
  @ApiProperty({ description: 'This platform issues the document' }) soportado!: boolean;
}

export class SetPruebasView {
  @ApiProperty({ example: 'BASICO' }) set!: string;
  @ApiProperty({ example: '4567890' }) numero_atencion!: string;
  @ApiProperty({ type: [CasoSetView] }) casos!: CasoSetView[];
}

export class CertificacionSetsView {
  @ApiProperty() tenant!: string;
  @ApiProperty({ type: [SetPruebasView] }) sets!: SetPruebasView[];
}

export class CasoResultadoView {
  @ApiProperty({ example: '4567890-1' }) caso!: string;
  @ApiProperty({ nullable: true, type: Number }) tipo_dte!: number | null;
  @ApiProperty({ nullable: true, type: Number }) folio!: number | null;
  @ApiProperty({ nullable: true, type: String }) emision_id!: string | null;
  @ApiProperty({ example: 'EPR', description: 'The envío estado, or no_soportado for a case the model cannot express' }) estado!: string;
  @ApiProperty({ nullable: true, type: String, enum: RESULTADOS_SII, description: 'null for a case not emitted' })
  resultado!: ResultadoSii | null;
  @ApiProperty({ nullable: true, type: Boolean, description: 'Accepted with objections (reparos); null until the SII judged it' })
  reparos!: boolean | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
}

export class LibroSetView {
  @ApiProperty({ nullable: true, type: String }) libro_id!: string | null;
  @ApiProperty({ example: 4567891, nullable: true, type: Number, description: 'FolioNotificacion: the atención number of the libro set' })
  folio_notificacion!: number | null;
  @ApiProperty({ nullable: true, type: String, example: 'signed' }) estado!: string | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
}

export class CertificacionRunView {
  @ApiProperty() tenant!: string;
  @ApiProperty({ example: 'BASICO' }) set!: string;
  @ApiProperty({ example: '4567890' }) numero_atencion!: string;
  @ApiProperty({ nullable: true, type: String }) trackid!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The envío estado when the answer was given (the reconciler follows it on)' })
  estado!: string | null;
  @ApiProperty({ nullable: true, type: String }) glosa!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The upload problem, when it failed' }) error!: string | null;
  @ApiProperty({ type: LibroSetView, nullable: true, description: 'Generated, not sent: POST /tax/libros/enviar/{libro_id}' })
  libro_ventas!: LibroSetView | null;
  @ApiProperty({
    type: LibroSetView,
    nullable: true,
    description: 'The SET LIBRO DE COMPRAS as a book (its documents and proportionality factor); generated, not sent',
  })
  libro_compras!: LibroSetView | null;
  @ApiProperty({ type: [CasoResultadoView] }) casos!: CasoResultadoView[];
}
