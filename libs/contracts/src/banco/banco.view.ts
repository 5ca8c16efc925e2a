import { ApiProperty } from '@nestjs/swagger';
import { PaginaView } from '@lib/schemas';

// The answer of the gateway's GET /banco/movimientos (docs/tax-gateway.md "Bank movements"), shared by the gateway and accounting,
// which matches the movements with its receivables and payables (docs/accounting.md "Bank reconciliation").

export class ContraparteView {
  @ApiProperty({ example: '77123456-7', nullable: true, type: String, description: 'Canonical RUT, when the provider gives a valid one' })
  rut!: string | null;

  @ApiProperty({ example: 'Comercial Los Aromos SpA', nullable: true, type: String })
  nombre!: string | null;

  @ApiProperty({ example: 'Banco de Chile', nullable: true, type: String })
  institucion!: string | null;
}

export class MovimientoView {
  @ApiProperty({ example: 'mov_8c1d2e3f4a5b6c7d8e9f0a1b', description: "The provider's id" })
  id!: string;

  @ApiProperty({ example: 'fintoc' })
  proveedor!: string;

  @ApiProperty({ example: 'acc_3f9a0c1d2e4b5a6978c0d1e2', description: "The provider's account id" })
  cuenta!: string;

  @ApiProperty({ example: -152300, description: 'Whole CLP, negative for debits' })
  monto!: number;

  @ApiProperty({ example: 'CLP' })
  moneda!: string;

  @ApiProperty({ example: '2026-03-12', description: 'post_date, YYYY-MM-DD (America/Santiago)' })
  fecha!: string;

  @ApiProperty({ example: 'Transferencia a Comercial Los Aromos SpA' })
  descripcion!: string;

  @ApiProperty({ example: 'transfer' })
  tipo!: string;

  @ApiProperty({ example: '482019334', nullable: true, type: String })
  referencia!: string | null;

  @ApiProperty({ type: ContraparteView, nullable: true })
  contraparte!: ContraparteView | null;

  @ApiProperty({ example: '2026-03-15T15:00:00.000Z', description: 'When a refresh first stored it (UTC)' })
  first_seen_at!: string;
}

/** A page of stored movements, newest first. */
export class MovimientosPageView extends PaginaView {
  @ApiProperty({ type: [MovimientoView] })
  items!: MovimientoView[];
}
