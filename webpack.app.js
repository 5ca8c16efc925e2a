// Production bundle of an app: dist/apps/<name>/main.js plus a generated package.json listing only the runtime
// dependencies the app really imports (node_modules stay external). Each app's webpack.config.js calls this.
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('node:path');

module.exports = (name, assets = []) => ({
  output: { path: join(__dirname, 'dist/apps', name) },
  plugins: [
    new NxAppWebpackPlugin({
      target: 'node',
      compiler: 'tsc',
      main: './src/main.ts',
      tsConfig: './tsconfig.app.json',
      assets,
      optimization: false,
      outputHashing: 'none',
      generatePackageJson: true,
      sourceMap: true,
    }),
  ],
});
