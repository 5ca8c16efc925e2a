// Production bundle: dist/apps/service-registry/main.js plus a generated package.json listing only the
// runtime dependencies this app really imports (node_modules stay external).
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('node:path');

module.exports = {
  output: { path: join(__dirname, '../../dist/apps/service-registry') },
  plugins: [
    new NxAppWebpackPlugin({
      target: 'node',
      compiler: 'tsc',
      main: './src/main.ts',
      tsConfig: './tsconfig.app.json',
      // The example style catalog, the default STYLE_CATALOG_PATH of a deployed bundle (assets/style/).
      assets: [{ input: 'libs/schemas/src/style-catalog', glob: 'example.catalog.json', output: 'assets/style' }],
      optimization: false,
      outputHashing: 'none',
      generatePackageJson: true,
      sourceMap: true,
    }),
  ],
};
