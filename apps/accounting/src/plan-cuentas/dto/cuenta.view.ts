import { ApiProperty } from '@nestjs/swagger';
import { ROLES_CUENTA, TIPOS_CUENTA, type RolCuenta, type TipoCuenta } from '../cuenta.types';

/** An account of the chart (PlanCuenta). */
export class CuentaView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: '1.1.1' })
  codigo!: string;

  @ApiProperty({ example: 'Caja' })
  nombre!: string;

  @ApiProperty({ enum: TIPOS_CUENTA })
  tipo!: TipoCuenta;

  @ApiProperty({ example: 3, description: 'Depth in the chart (1 to 5)' })
  nivel!: number;

  @ApiProperty({ description: 'Takes postings (a leaf account)' })
  imputable!: boolean;

  @ApiProperty({ example: '1.1', nullable: true, type: String, description: 'codigo of the parent account' })
  parent!: string | null;

  @ApiProperty({ enum: ROLES_CUENTA, nullable: true, description: 'Role the DTE bookings use it for' })
  rol!: RolCuenta | null;
}

export class CuentasView {
  @ApiProperty({ type: [CuentaView] })
  cuentas!: CuentaView[];
}
