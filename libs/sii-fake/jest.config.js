module.exports = {
  displayName: 'sii-fake',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/libs/sii-fake',
};
