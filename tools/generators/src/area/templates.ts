/** The names an area's files use, derived once from its kebab-case folder name. */
export interface AreaNames {
  /** Folder and file stem: `boleta-honorarios`. */
  file: string;
  /** Class stem: `BoletaHonorarios`. */
  className: string;
  /** Table and error stem: `boleta_honorarios`. */
  snake: string;
  /** The route: `tax/boleta-honorarios`. */
  route: string;
  callers: string[];
  /** The migration's class: `BoletaHonorarios1800000000000`. */
  migration: string;
}

const PREFIX: Record<string, string> = { 'tax-gateway': 'tax/', accounting: 'contable/', 'service-registry': '' };

export function areaNames(app: string, name: string, callers: string, timestamp: number): AreaNames {
  const className = name
    .split('-')
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');
  return {
    file: name,
    className,
    snake: name.replace(/-/g, '_'),
    route: `${PREFIX[app] ?? ''}${name}`,
    callers: callers
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    migration: `${className}${timestamp}`,
  };
}

const callersArgs = (n: AreaNames): string => n.callers.map((c) => `'${c}'`).join(', ');

export function moduleFile(n: AreaNames): string {
  return `import { Module } from '@nestjs/common';
import { ${n.className}Controller } from './${n.file}.controller';
import { ${n.className}Service } from './${n.file}.service';
import { ${n.className}Store } from './${n.file}.store';

@Module({
  controllers: [${n.className}Controller],
  providers: [${n.className}Service, ${n.className}Store],
})
export class ${n.className}Module {}
`;
}

export function controllerFile(n: AreaNames): string {
  return `import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { Create${n.className}Dto, ${n.className}View } from './dto/${n.file}.dto';
import { ${n.className}Service } from './${n.file}.service';

@ApiTags('${n.file}')
@Callers(${callersArgs(n)})
@Controller('${n.route}')
export class ${n.className}Controller {
  constructor(private readonly service: ${n.className}Service) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a ${n.file}' })
  @ApiCreatedResponse({ type: ${n.className}View })
  @ApiProblemResponses(400, 401, 403)
  create(@Body() dto: Create${n.className}Dto): Promise<${n.className}View> {
    return this.service.create(dto);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One ${n.file}' })
  @ApiOkResponse({ type: ${n.className}View })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['${n.snake}_not_found'] })
  find(@Param('id', new ParseUUIDPipe()) id: string): Promise<${n.className}View> {
    return this.service.find(id);
  }
}
`;
}

export function serviceFile(n: AreaNames): string {
  return `import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ProblemException } from '@lib/schemas';
import type { Create${n.className}Dto, ${n.className}View } from './dto/${n.file}.dto';
import { ${n.className}Store, type ${n.className}Row } from './${n.file}.store';

@Injectable()
export class ${n.className}Service {
  constructor(private readonly store: ${n.className}Store) {}

  async create(dto: Create${n.className}Dto): Promise<${n.className}View> {
    const row: ${n.className}Row = { id: randomUUID(), nombre: dto.nombre, createdAt: new Date() };
    await this.store.insert(row);
    return to${n.className}View(row);
  }

  async find(id: string): Promise<${n.className}View> {
    const row = await this.store.find(id);
    if (!row) throw new ProblemException(404, '${n.snake}_not_found', \`No ${n.file} \${id}.\`);
    return to${n.className}View(row);
  }
}

export function to${n.className}View(row: ${n.className}Row): ${n.className}View {
  return { id: row.id, nombre: row.nombre, created_at: row.createdAt.toISOString() };
}
`;
}

/** A store on a TypeORM entity (tax-gateway, service-registry). */
export function entityStoreFile(n: AreaNames): string {
  return `import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ${n.className}Entity } from './entities/${n.file}.entity';

export type ${n.className}Row = Pick<${n.className}Entity, 'id' | 'nombre' | 'createdAt'>;

@Injectable()
export class ${n.className}Store {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(row: ${n.className}Row): Promise<void> {
    await this.db.getRepository(${n.className}Entity).insert(row);
  }

  find(id: string): Promise<${n.className}Row | null> {
    return this.db.getRepository(${n.className}Entity).findOneBy({ id });
  }
}
`;
}

/** A store in SQL (accounting keeps SQL for its ledger rules, docs/accounting.md "Data model"). */
export function sqlStoreFile(n: AreaNames): string {
  return `import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface ${n.className}Row {
  id: string;
  nombre: string;
  createdAt: Date;
}

@Injectable()
export class ${n.className}Store {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(row: ${n.className}Row): Promise<void> {
    await this.db.query('INSERT INTO ${n.snake} (id, nombre, created_at) VALUES ($1, $2, $3)', [row.id, row.nombre, row.createdAt]);
  }

  async find(id: string): Promise<${n.className}Row | null> {
    const rows: { id: string; nombre: string; created_at: Date }[] = await this.db.query(
      'SELECT id, nombre, created_at FROM ${n.snake} WHERE id = $1',
      [id],
    );
    return rows[0] ? { id: rows[0].id, nombre: rows[0].nombre, createdAt: rows[0].created_at } : null;
  }
}
`;
}

export function entityFile(n: AreaNames): string {
  return `import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('${n.snake}')
export class ${n.className}Entity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  nombre!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
`;
}

export function dtoFile(n: AreaNames): string {
  return `import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class Create${n.className}Dto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @Length(1, 200)
  nombre!: string;
}

export class ${n.className}View {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() nombre!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}
`;
}

export function migrationFile(n: AreaNames): string {
  return `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${n.migration} implements MigrationInterface {
  name = '${n.migration}';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE ${n.snake} (id uuid PRIMARY KEY, nombre text NOT NULL, created_at timestamptz NOT NULL)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE ${n.snake}');
  }
}
`;
}

export function serviceSpecFile(n: AreaNames): string {
  return `import { ProblemException } from '@lib/schemas';
import { ${n.className}Service } from './${n.file}.service';
import type { ${n.className}Row, ${n.className}Store } from './${n.file}.store';

function memoryStore(): ${n.className}Store {
  const rows = new Map<string, ${n.className}Row>();
  return {
    insert: async (row: ${n.className}Row) => void rows.set(row.id, row),
    find: async (id: string) => rows.get(id) ?? null,
  } as unknown as ${n.className}Store;
}

describe('${n.className}Service', () => {
  it('finds what it created, with the same view', async () => {
    const service = new ${n.className}Service(memoryStore());
    const created = await service.create({ nombre: 'uno' });
    expect(created.nombre).toBe('uno');
    await expect(service.find(created.id)).resolves.toEqual(created);
  });

  it('answers 404 ${n.snake}_not_found for an unknown id', async () => {
    const service = new ${n.className}Service(memoryStore());
    const err = await service.find('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProblemException);
    expect((err as ProblemException).getStatus()).toBe(404);
    expect((err as ProblemException).error).toBe('${n.snake}_not_found');
  });
});
`;
}
