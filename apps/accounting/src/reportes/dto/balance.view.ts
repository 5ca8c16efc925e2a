import { ApiProperty } from '@nestjs/swagger';

/** The eight columns of the balance, in CLP whole pesos. */
export class BalanceColumnas {
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
export class BalanceFila extends BalanceColumnas {
  @ApiProperty({ example: '1.1.1' }) codigo!: string;
  @ApiProperty({ example: 'Caja' }) nombre!: string;
  @ApiProperty({ example: 'activo' }) tipo!: string;
}

export class CuentaSaldo {
  @ApiProperty({ nullable: true, type: String }) codigo!: string | null;
  @ApiProperty() nombre!: string;
  @ApiProperty() saldo!: number;
}

export class SeccionBalance {
  @ApiProperty() total!: number;
  @ApiProperty({ type: [CuentaSaldo] }) cuentas!: CuentaSaldo[];
}

export class Cuadratura {
  @ApiProperty() sumas!: boolean;
  @ApiProperty() saldos!: boolean;
  @ApiProperty() inventario_resultado!: boolean;
}

export class BalanceGeneral {
  @ApiProperty({ type: SeccionBalance }) activo!: SeccionBalance;
  @ApiProperty({ type: SeccionBalance }) pasivo!: SeccionBalance;
  @ApiProperty({ type: SeccionBalance }) patrimonio!: SeccionBalance;
  @ApiProperty() total_pasivo_patrimonio!: number;
  @ApiProperty() cuadra!: boolean;
}

/** GET /contable/balance: balance de 8 columnas and classified balance sheet. */
export class BalanceReport {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: '2025-03' }) periodo!: string;
  @ApiProperty({ example: '2025-01-01' }) desde!: string;
  @ApiProperty({ example: '2025-03-31' }) hasta!: string;
  @ApiProperty({ type: [BalanceFila] }) filas!: BalanceFila[];
  @ApiProperty({ type: BalanceColumnas }) totales!: BalanceColumnas;
  @ApiProperty() resultado_ejercicio!: number;
  @ApiProperty({ type: Cuadratura }) cuadratura!: Cuadratura;
  @ApiProperty({ type: BalanceGeneral }) balance_general!: BalanceGeneral;
}
