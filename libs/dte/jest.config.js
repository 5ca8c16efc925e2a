module.exports = {
  displayName: 'dte',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/libs/dte',
};
