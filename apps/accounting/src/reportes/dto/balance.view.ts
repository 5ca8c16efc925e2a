import { ApiProperty } from '@nestjs/swagger';

/** The eight columns of the balance, in CLP whole pesos. */
export class BalanceColumnasView {
  @ApiProperty() sumas_debe!: number;
  @ApiProperty() sumas_haber!: number;
  @ApiProperty() saldo_deudor!: number;
  @ApiProperty() saldo_acreedor!: number;
  @ApiProperty() activo!: number;
  @ApiProperty() pasivo!: number;
  @ApiProperty() perdidas!: number;
  @ApiProperty() ganancias!: number;
}

/** One account row of the balance de 8 columnas. */
export class BalanceFilaView extends BalanceColumnasView {
  @ApiProperty({ example: '1.1.1' }) codigo!: string;
  @ApiProperty({ example: 'Caja' }) nombre!: string;
  @ApiProperty({ example: 'activo' }) tipo!: string;
}

export class CuentaSaldoView {
  @ApiProperty({ nullable: true, type: String }) codigo!: string | null;
  @ApiProperty() nombre!: string;
  @ApiProperty() saldo!: number;
}

export class SeccionBalanceView {
  @ApiProperty() total!: number;
  @ApiProperty({ type: [CuentaSaldoView] }) cuentas!: CuentaSaldoView[];
}

export class CuadraturaView {
  @ApiProperty() sumas!: boolean;
  @ApiProperty() saldos!: boolean;
  @ApiProperty() inventario_resultado!: boolean;
}

export class BalanceGeneralView {
  @ApiProperty({ type: SeccionBalanceView }) activo!: SeccionBalanceView;
  @ApiProperty({ type: SeccionBalanceView }) pasivo!: SeccionBalanceView;
  @ApiProperty({ type: SeccionBalanceView }) patrimonio!: SeccionBalanceView;
  @ApiProperty() total_pasivo_patrimonio!: number;
  @ApiProperty() cuadra!: boolean;
}

/** GET /contable/balance: balance de 8 columnas and classified balance sheet. */
export class BalanceView {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: '2025-03' }) periodo!: string;
  @ApiProperty({ example: '2025-01-01' }) desde!: string;
  @ApiProperty({ example: '2025-03-31' }) hasta!: string;
  @ApiProperty({ type: [BalanceFilaView] }) filas!: BalanceFilaView[];
  @ApiProperty({ type: BalanceColumnasView }) totales!: BalanceColumnasView;
  @ApiProperty() resultado_ejercicio!: number;
  @ApiProperty({ type: CuadraturaView }) cuadratura!: CuadraturaView;
  @ApiProperty({ type: BalanceGeneralView }) balance_general!: BalanceGeneralView;
}
