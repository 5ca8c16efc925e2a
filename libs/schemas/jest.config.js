module.exports = {
  displayName: 'schemas',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/libs/schemas',
};
