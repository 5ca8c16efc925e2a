module.exports = {
  displayName: 'testing',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/libs/testing',
};
