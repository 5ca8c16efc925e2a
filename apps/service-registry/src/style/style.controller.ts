import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Callers } from '@lib/auth';
import { ApiProblemResponses, ProblemException, STYLE_COMPONENT_STATUSES, type StyleComponentStatus } from '@lib/schemas';
import { StyleComponentView, StyleComponentsView } from './dto/style-component.view';
import { STYLE_CATALOG, type LoadedStyleCatalog } from './style-catalog.provider';

export class ListComponentsQueryDto {
  @ApiPropertyOptional({ example: 'acciones' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  category?: string;

  @ApiPropertyOptional({ enum: STYLE_COMPONENT_STATUSES })
  @IsOptional()
  @IsIn(STYLE_COMPONENT_STATUSES)
  status?: StyleComponentStatus;
}

/** Read-only style component catalog, validated at boot (docs/service-registry.md "Style catalog"). */
@ApiTags('style')
@Callers('admin', 'marketplace')
@Controller('api/v1/style/components')
export class StyleController {
  constructor(@Inject(STYLE_CATALOG) private readonly loaded: LoadedStyleCatalog) {}

  @Get()
  @ApiOperation({ summary: 'Components of the style catalog, filtered by category and status' })
  @ApiOkResponse({ type: StyleComponentsView })
  @ApiProblemResponses(400, 401, 403)
  list(@Query() query: ListComponentsQueryDto): StyleComponentsView {
    const { catalog } = this.loaded;
    const items = catalog.components.filter(
      (c) => (!query.category || c.category === query.category) && (!query.status || c.status === query.status),
    );
    return { schema: catalog.schema, version: catalog.version, coverage: catalog.coverage, total: items.length, items };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One component of the style catalog' })
  @ApiOkResponse({ type: StyleComponentView })
  @ApiProblemResponses(401, 403, 404)
  get(@Param('id') id: string): StyleComponentView {
    const component = this.loaded.catalog.components.find((c) => c.id === id);
    if (!component) throw new ProblemException(404, 'not_found', `No style component ${id}.`);
    return component;
  }
}
