import { ApiProperty } from '@nestjs/swagger';

export class LibroDiarioLineaView {
  @ApiProperty() linea!: number;
  @ApiProperty({ example: '1.1.1' }) cuenta!: string;
  @ApiProperty({ example: 'Caja' }) cuenta_nombre!: string;
  @ApiProperty() debe!: number;
  @ApiProperty() haber!: number;
  @ApiProperty({ nullable: true, type: String }) glosa!: string | null;
}

export class LibroDiarioAsientoView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() numero!: number;
  @ApiProperty({ example: '2025-03-15' }) fecha!: string;
  @ApiProperty() glosa!: string;
  @ApiProperty({ example: 'manual' }) origen!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) reversa_de!: string | null;
  @ApiProperty() total_debe!: number;
  @ApiProperty() total_haber!: number;
  @ApiProperty({ type: [LibroDiarioLineaView] }) lineas!: LibroDiarioLineaView[];
}

export class TotalesDiarioView {
  @ApiProperty() asientos!: number;
  @ApiProperty() debe!: number;
  @ApiProperty() haber!: number;
}

/** GET /contable/libro-diario, in CLP whole pesos. */
export class LibroDiarioView {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: '2025-03' }) periodo!: string;
  @ApiProperty() desde!: string;
  @ApiProperty() hasta!: string;
  @ApiProperty({ type: [LibroDiarioAsientoView] }) asientos!: LibroDiarioAsientoView[];
  @ApiProperty({ type: TotalesDiarioView }) totales!: TotalesDiarioView;
}
