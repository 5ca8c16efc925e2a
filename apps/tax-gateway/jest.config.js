module.exports = {
  displayName: 'tax-gateway',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/tax-gateway',
};
