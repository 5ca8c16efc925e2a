import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID, Matches } from 'class-validator';
import { MovimientoView } from '@lib/contracts';
import { IsFecha } from '@lib/schemas';

/** GET /contable/banco/sugerencias. */
export class SugerenciasQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;

  @ApiProperty({ example: '2026-10-01', description: 'Movements dated from, YYYY-MM-DD' })
  @IsFecha()
  desde!: string;

  @ApiProperty({ example: '2026-10-31', description: 'Movements dated up to, YYYY-MM-DD (at most 366 days after desde)' })
  @IsFecha()
  hasta!: string;
}

/** POST /contable/banco/conciliar. */
export class ConciliarMovimientoDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;

  @ApiProperty({ example: 'mov_8c1d2e3f4a5b6c7d8e9f0a1b', description: "The bank provider's id of the movement" })
  @Matches(/^[A-Za-z0-9_.:-]{1,128}$/, { message: 'movimiento_id must be 1-128 characters of A-Z a-z 0-9 _ . : -' })
  movimiento_id!: string;

  @ApiProperty({ example: '2026-10-20', description: "The movement's date (where the gateway looks it up)" })
  @IsFecha()
  fecha!: string;

  @ApiProperty({ enum: ['emitido', 'recibido'], description: 'A sale collected (money in) or a purchase paid (money out)' })
  @IsIn(['emitido', 'recibido'])
  documento!: 'emitido' | 'recibido';

  @ApiProperty({ format: 'uuid', description: 'The documento emitido or the factura received' })
  @IsUUID()
  documento_id!: string;
}

export class DocumentoAbiertoView {
  @ApiProperty({ enum: ['emitido', 'recibido'] }) tipo!: string;
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 33 }) tipo_dte!: number;
  @ApiProperty({ example: 1204 }) folio!: number;
  @ApiProperty({ example: '76543210-3', description: 'The customer or the supplier' }) rut!: string;
  @ApiProperty() razon_social!: string;
  @ApiProperty({ example: '2026-10-05' }) fecha!: string;
  @ApiProperty({ example: 119000 }) total!: number;
  @ApiProperty({ example: 119000, description: 'Still to collect or pay, CLP' }) saldo!: number;
}

export class SugerenciaView {
  @ApiProperty({ type: DocumentoAbiertoView }) documento!: DocumentoAbiertoView;
  @ApiProperty({ example: 8, description: 'monto 3 + rut 2 + folio 2 + fecha 1' }) puntaje!: number;
  @ApiProperty({ example: ['monto', 'rut', 'folio', 'fecha'], enum: ['monto', 'rut', 'folio', 'fecha'], isArray: true })
  razones!: string[];
}

export class MovimientoSugeridoView {
  @ApiProperty({ type: MovimientoView }) movimiento!: MovimientoView;
  @ApiProperty({ type: [SugerenciaView], description: 'Best first, at most five; empty when nothing matches' })
  sugerencias!: SugerenciaView[];
}

/** The movements not matched yet, each with the open documents it may settle. */
export class SugerenciasView {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty() desde!: string;
  @ApiProperty() hasta!: string;
  @ApiProperty({ type: [MovimientoSugeridoView] }) movimientos!: MovimientoSugeridoView[];
}

/** A movement matched with a document, and the entry it posted. */
export class ConciliacionBancariaView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty() movimiento_id!: string;
  @ApiProperty({ example: '2026-10-20' }) fecha!: string;
  @ApiProperty({ example: 119000, description: 'CLP collected or paid' }) monto!: number;
  @ApiProperty({ type: DocumentoAbiertoView, description: 'The document, with its balance after this match' })
  documento!: DocumentoAbiertoView;
  @ApiProperty({ enum: ['monto', 'rut', 'folio', 'fecha'], isArray: true }) razones!: string[];
  @ApiProperty({ format: 'uuid', description: 'The cobranza (Banco / Clientes) or pago (Proveedores / Banco) entry' }) asiento_id!: string;
}
