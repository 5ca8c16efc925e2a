import { Module } from '@nestjs/common';
import { StyleController } from './style.controller';
import { styleCatalogProvider } from './style-catalog.provider';

/** The style component catalog, validated at boot and served read-only. */
@Module({ controllers: [StyleController], providers: [styleCatalogProvider] })
export class StyleModule {}
