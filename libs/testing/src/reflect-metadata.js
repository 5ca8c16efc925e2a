// Loaded before every spec: Nest and TypeORM read decorator metadata through reflect-metadata.
require('reflect-metadata');
