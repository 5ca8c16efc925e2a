module.exports = {
  displayName: 'dev',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/tools/dev',
};
