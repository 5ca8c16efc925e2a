// A second reference of the gateway's read benchmark: NestJS on Fastify (production mode, no Nest logger) with one
// controller answering GET /tax/contribuyente/datos with the same body (BODY_FILE, parsed, so that Nest serializes
// it as the gateway does) on PORT, and nothing else: no guard, pipe, interceptor, hook, logging or metrics. What the
// framework alone costs, beside the bare Fastify server.
//
//   PORT=8299 BODY_FILE=body.json node tools/dev/bin.js bench bench/bare-nest-server.ts
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

const body: unknown = JSON.parse(readFileSync(process.env.BODY_FILE as string, 'utf8'));

@Controller('tax/contribuyente')
class DatosController {
  @Get('datos')
  datos(): unknown {
    return body;
  }
}

@Module({ controllers: [DatosController] })
class BareModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(BareModule, new FastifyAdapter({ logger: false, skipMiddie: true }), {
    logger: false,
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.stdout.write('listening\n');
}

void main();
