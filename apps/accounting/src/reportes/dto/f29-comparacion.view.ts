import { ApiProperty } from '@nestjs/swagger';

export class CodigoComparadoView {
  @ApiProperty({ example: '538' }) codigo!: string;
  @ApiProperty({ example: 'Total débitos' }) glosa!: string;
  @ApiProperty({ example: 19000, description: 'The draft from the books' }) libros!: number;
  @ApiProperty({
    example: 19000,
    nullable: true,
    type: Number,
    description: 'What the SII has declared; null when its F29 lacks the código',
  })
  sii!: number | null;
  @ApiProperty() difiere!: boolean;
}

/** GET /contable/f29-comparacion: the draft from the books beside the F29 the SII has on record for the period. */
export class F29ComparacionView {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: '2026-10' }) periodo!: string;
  @ApiProperty({ description: "Whether the SII's carpeta lists a declared F29 for the period" }) declarada!: boolean;
  @ApiProperty({ nullable: true, type: String, description: "The carpeta's reference to the declared form, as the gateway gives it" })
  formulario!: string | null;
  @ApiProperty({ description: 'Códigos whose values differ (a código the SII lacks differs when the books have a value)' })
  diferencias!: number;
  @ApiProperty({ type: [CodigoComparadoView] }) codigos!: CodigoComparadoView[];
}
