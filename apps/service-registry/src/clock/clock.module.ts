import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';

/** The registry's clock (wall time; the tests drive their own). */
@Module({ providers: [{ provide: Clock, useClass: SystemClock }], exports: [Clock] })
export class ClockModule {}
