module.exports = {
  displayName: 'auth',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/libs/auth',
};
