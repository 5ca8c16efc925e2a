module.exports = {
  displayName: 'dev-signer',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/tools/dev-signer',
};
