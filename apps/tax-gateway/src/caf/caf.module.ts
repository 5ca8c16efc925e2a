import { Module } from '@nestjs/common';
import { SignerModule } from '../signer/signer.module';
import { CafController } from './caf.controller';
import { CafMetrics } from './caf-metrics';
import { CafService } from './caf.service';
import { CafStore } from './caf.store';

/** CAF upload, folio inventory and the atomic folio allocator (docs/DESIGN.md §4.4 "caf"). */
@Module({
  imports: [SignerModule],
  controllers: [CafController],
  providers: [CafService, CafStore, CafMetrics],
  exports: [CafService, CafStore],
})
export class CafModule {}
