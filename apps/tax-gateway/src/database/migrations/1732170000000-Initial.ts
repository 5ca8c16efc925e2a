import { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates nothing: marks the start of the history so no domain migration creates the migrations table. */
export class Initial1732170000000 implements MigrationInterface {
  name = 'Initial1732170000000';

  async up(_queryRunner: QueryRunner): Promise<void> {
    // nothing yet
  }

  async down(_queryRunner: QueryRunner): Promise<void> {
    // nothing yet
  }
}
