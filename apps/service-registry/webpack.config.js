// The example style catalog, the default STYLE_CATALOG_PATH of a deployed bundle (assets/style/).
module.exports = require('../../webpack.app')('service-registry', [
  { input: 'libs/schemas/src/style-catalog', glob: 'example.catalog.json', output: 'assets/style' },
]);
