import { ApiProperty } from '@nestjs/swagger';

export const CLASIFICACIONES = ['ingreso', 'egreso'] as const;
export type Clasificacion = (typeof CLASIFICACIONES)[number];

/** One document of the book. Amounts are signed: a nota de crédito (61, or 112 of an export) is negative. */
export class FilaIngresoEgresoView {
  @ApiProperty({ enum: CLASIFICACIONES }) clasificacion!: Clasificacion;
  @ApiProperty({ description: 'N° correlativo within its section (ingresos, egresos), in date order' }) correlativo!: number;
  @ApiProperty({ example: '2025-05-02' }) fecha!: string;
  @ApiProperty({ example: 33 }) tipo_dte!: number;
  @ApiProperty({ example: 'Factura electrónica' }) tipo_documento!: string;
  @ApiProperty() folio!: number;
  @ApiProperty({ description: 'The receptor of an emitted DTE, the emisor of a received one' }) rut_contraparte!: string;
  @ApiProperty() razon_social!: string;
  @ApiProperty() neto!: number;
  @ApiProperty() exento!: number;
  @ApiProperty() iva!: number;
  @ApiProperty() total!: number;
  @ApiProperty({ description: 'What counts as ingreso or egreso: neto + exento; IVA is not income or expense' }) monto!: number;
}

export class TotalSeccionView {
  @ApiProperty() documentos!: number;
  @ApiProperty() neto!: number;
  @ApiProperty() exento!: number;
  @ApiProperty() iva!: number;
  @ApiProperty() total!: number;
  @ApiProperty() monto!: number;
}

export class TotalesIngresosEgresosView {
  @ApiProperty({ type: TotalSeccionView }) ingresos!: TotalSeccionView;
  @ApiProperty({ type: TotalSeccionView }) egresos!: TotalSeccionView;
  @ApiProperty() resultado!: number;
}

/** GET /contable/libro-ingresos-egresos (régimen Pro Pyme, art. 14 D LIR), in CLP whole pesos. */
export class LibroIngresosEgresosView {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: 'pro_pyme_14d3' }) regimen!: string;
  @ApiProperty({ example: '2025-05' }) periodo!: string;
  @ApiProperty() desde!: string;
  @ApiProperty() hasta!: string;
  @ApiProperty({ enum: ['devengado'], description: 'Amounts by document date: payments and collections are not recorded here' })
  criterio!: 'devengado';
  @ApiProperty({ type: [FilaIngresoEgresoView] }) filas!: FilaIngresoEgresoView[];
  @ApiProperty({ type: TotalesIngresosEgresosView }) totales!: TotalesIngresosEgresosView;
}
