// A second reference of the gateway's read benchmark: NestJS on Fastify (production mode, no Nest logger) with one
// controller answering GET /tax/contribuyente/datos with the same body (BODY_FILE, parsed, so that Nest serializes
// it as the gateway does) on PORT, and nothing else: no guard, pipe, interceptor, hook, logging or metrics. What the
// framework alone costs, beside the bare Fastify server.
//
// PIPELINE=1 adds the two per-request parts the gateway keeps and that cost the most (bench/README.md, issue 23): the
// platform's global validation pipe on the gateway's own query DTO, and the platform's request logging (its request
// scope and one access line per answer, pino's default destination on stdout). A floor for what the gateway must do.
//
//   PORT=8299 BODY_FILE=body.json [PIPELINE=1] node tools/dev/bin.js bench bench/bare-nest-server.ts
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Controller, Get, Module, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { createValidationPipe } from '@lib/platform';
import { TenantRutQueryDto } from '../apps/tax-gateway/src/contribuyente/dto/contribuyente.dto';
import { registerRequestLogging } from '../libs/platform/src/request-logging';

const body: unknown = JSON.parse(readFileSync(process.env.BODY_FILE as string, 'utf8'));
const PIPELINE = process.env.PIPELINE === '1';

@Controller('tax/contribuyente')
class DatosController {
  @Get('datos')
  datos(): unknown {
    return body;
  }
}

@Controller('tax/contribuyente')
class ValidatedDatosController {
  @Get('datos')
  datos(@Query() _query: TenantRutQueryDto): unknown {
    return body;
  }
}

@Module({ controllers: [DatosController] })
class BareModule {}

@Module({ controllers: [ValidatedDatosController] })
class PipelineModule {}

async function main(): Promise<void> {
  const adapter = new FastifyAdapter({ logger: false, skipMiddie: true });
  const app = await NestFactory.create<NestFastifyApplication>(PIPELINE ? PipelineModule : BareModule, adapter, { logger: false });
  if (PIPELINE) {
    app.useGlobalPipes(createValidationPipe());
    registerRequestLogging(app, pino({ name: 'bare-nest' }));
  }
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.stdout.write('listening\n');
}

void main();
