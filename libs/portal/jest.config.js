module.exports = {
  displayName: 'portal',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/libs/portal',
};
