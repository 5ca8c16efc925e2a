import { Module } from '@nestjs/common';
import { BancoController } from './banco.controller';
import { BancoLinks } from './banco-links';
import { BancoLinksStore } from './banco-links.store';
import { BancoLinksController } from './banco-links.controller';
import { BancoService } from './banco.service';
import { BancoStore } from './banco.store';
import { BANK_MOVEMENTS_SOURCE } from './bank-movements-source';
import { FintocBankSource } from './fintoc-bank-source';

@Module({
  controllers: [BancoController, BancoLinksController],
  providers: [BancoService, BancoStore, BancoLinks, BancoLinksStore, { provide: BANK_MOVEMENTS_SOURCE, useClass: FintocBankSource }],
})
export class BancoModule {}
