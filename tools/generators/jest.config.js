module.exports = {
  displayName: 'generators',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/tools/generators',
};
