import { ApiProperty } from '@nestjs/swagger';

export const SECCIONES_RESULTADO = ['ingresos_explotacion', 'costo_ventas', 'gastos_operacion', 'otros_ingresos'] as const;
export type SeccionResultado = (typeof SECCIONES_RESULTADO)[number];

export class DetalleResultadoView {
  @ApiProperty({ example: '4.1' }) codigo!: string;
  @ApiProperty({ example: 'Ventas' }) nombre!: string;
  @ApiProperty({ example: 'ingreso' }) tipo!: string;
  @ApiProperty({ enum: SECCIONES_RESULTADO }) seccion!: SeccionResultado;
  @ApiProperty() monto!: number;
}

/** GET /contable/estado-resultados, in CLP whole pesos. */
export class EstadoResultadosView {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: '2025-03' }) periodo!: string;
  @ApiProperty() desde!: string;
  @ApiProperty() hasta!: string;
  @ApiProperty() ingresos_explotacion!: number;
  @ApiProperty() costo_ventas!: number;
  @ApiProperty() margen_bruto!: number;
  @ApiProperty() gastos_operacion!: number;
  @ApiProperty() resultado_operacional!: number;
  @ApiProperty() otros_ingresos!: number;
  @ApiProperty() total_ingresos!: number;
  @ApiProperty() total_gastos!: number;
  @ApiProperty({ description: 'Result of the period before income tax: ingresos - gastos (a loss is negative)' }) resultado!: number;
  @ApiProperty({ type: [DetalleResultadoView] }) detalle!: DetalleResultadoView[];
}
