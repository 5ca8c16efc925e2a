import { ApiProperty } from '@nestjs/swagger';
import {
  ADOPTION_CLASSIFICATIONS,
  STYLE_COMPONENT_STATUSES,
  type AdoptionClassification,
  type StyleAdoptionEvidence,
  type StyleCatalogCoverage,
  type StyleComponent,
  type StyleComponentCode,
  type StyleComponentExample,
  type StyleComponentGuidance,
  type StyleComponentOwner,
  type StyleComponentStatus,
  type StyleComponentVariant,
} from '@lib/schemas';

// OpenAPI mirrors of the catalog types of libs/schemas (`implements` keeps them in step).

class OwnerView implements StyleComponentOwner {
  @ApiProperty() repository!: string;
  @ApiProperty() steward!: string;
  @ApiProperty() scope!: string;
}

class VariantView implements StyleComponentVariant {
  @ApiProperty() brand!: string;
  @ApiProperty() site!: string;
  @ApiProperty() theme!: string;
}

class GuidanceView implements StyleComponentGuidance {
  @ApiProperty({ type: [String] }) do!: string[];
  @ApiProperty({ type: [String] }) dont!: string[];
}

class AdoptionEvidenceView implements StyleAdoptionEvidence {
  @ApiProperty({ enum: ADOPTION_CLASSIFICATIONS }) classification!: AdoptionClassification;
  @ApiProperty() implementation_count!: number;
  @ApiProperty() repository_count!: number;
  @ApiProperty({ type: [String] }) repositories!: string[];
  @ApiProperty() snapshot!: string;
  @ApiProperty({ type: String, nullable: true }) generated_at!: string | null;
}

class ExampleView implements StyleComponentExample {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() brand!: string;
  @ApiProperty() site!: string;
  @ApiProperty() theme!: string;
  @ApiProperty() description!: string;
  @ApiProperty() html!: string;
}

class CodeView implements StyleComponentCode {
  [extra: string]: unknown;
  @ApiProperty() html!: string;
}

/** A component of the style catalog. */
export class StyleComponentView implements StyleComponent {
  @ApiProperty({ example: 'boton-primario' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'acciones' }) category!: string;
  @ApiProperty() summary!: string;
  @ApiProperty({ enum: STYLE_COMPONENT_STATUSES }) status!: StyleComponentStatus;
  @ApiProperty({ type: OwnerView }) owner!: OwnerView;
  @ApiProperty({ type: [VariantView] }) variants!: VariantView[];
  @ApiProperty({ type: GuidanceView }) guidance!: GuidanceView;
  @ApiProperty({ type: [String] }) consumers!: string[];
  @ApiProperty({ type: [String] }) dependencies!: string[];
  @ApiProperty({ type: [String] }) states!: string[];
  @ApiProperty({ type: [String] }) accessibility!: string[];
  @ApiProperty({ type: AdoptionEvidenceView }) adoption_evidence!: AdoptionEvidenceView;
  @ApiProperty({ type: [ExampleView] }) examples!: ExampleView[];
  @ApiProperty({ type: CodeView }) code!: CodeView;
}

class CoverageView implements StyleCatalogCoverage {
  @ApiProperty() component_count!: number;
  @ApiProperty() category_count!: number;
  @ApiProperty() examples_per_component!: number;
  @ApiProperty() observed_component_count!: number;
  @ApiProperty() proposed_component_count!: number;
}

/** `GET /api/v1/style/components`: the catalog header and the matching components. */
export class StyleComponentsView {
  @ApiProperty({ example: 'platform.style.components.v1' }) schema!: string;
  @ApiProperty() version!: string;
  @ApiProperty({ type: CoverageView }) coverage!: CoverageView;
  @ApiProperty() total!: number;
  @ApiProperty({ type: [StyleComponentView] }) items!: StyleComponentView[];
}
