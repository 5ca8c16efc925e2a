import { ApiProperty } from '@nestjs/swagger';

export class MayorMovimientoView {
  @ApiProperty({ example: '2025-03-15' }) fecha!: string;
  @ApiProperty({ format: 'uuid' }) asiento_id!: string;
  @ApiProperty() numero!: number;
  @ApiProperty() glosa!: string;
  @ApiProperty() debe!: number;
  @ApiProperty() haber!: number;
  @ApiProperty({ description: 'Running balance after this movement, debe - haber (debit balance positive)' }) saldo!: number;
}

export class MayorCuentaView {
  @ApiProperty({ example: '1.1.1' }) codigo!: string;
  @ApiProperty({ example: 'Caja' }) nombre!: string;
  @ApiProperty({ example: 'activo' }) tipo!: string;
  @ApiProperty() saldo_inicial!: number;
  @ApiProperty() total_debe!: number;
  @ApiProperty() total_haber!: number;
  @ApiProperty() saldo_final!: number;
  @ApiProperty({ type: [MayorMovimientoView] }) movimientos!: MayorMovimientoView[];
}

/** GET /contable/libro-mayor, in CLP whole pesos. */
export class LibroMayorView {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: '2025-03' }) periodo!: string;
  @ApiProperty() desde!: string;
  @ApiProperty() hasta!: string;
  @ApiProperty({ type: [MayorCuentaView] }) cuentas!: MayorCuentaView[];
}
