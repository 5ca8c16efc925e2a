module.exports = {
  displayName: 'sii-sim',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/tools/sii-sim',
};
