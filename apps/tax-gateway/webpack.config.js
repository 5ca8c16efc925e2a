// Production bundle: dist/apps/tax-gateway/main.js plus a generated package.json listing only the
// runtime dependencies this app really imports (node_modules stay external).
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('node:path');

module.exports = {
  output: { path: join(__dirname, '../../dist/apps/tax-gateway') },
  plugins: [
    new NxAppWebpackPlugin({
      target: 'node',
      compiler: 'tsc',
      main: './src/main.ts',
      tsConfig: './tsconfig.app.json',
      assets: [{ input: '../../libs/dte/assets', glob: '**/*', output: 'assets/dte' }],
      optimization: false,
      outputHashing: 'none',
      generatePackageJson: true,
      sourceMap: true,
    }),
  ],
};
