module.exports = {
  displayName: 'rut',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/libs/rut',
};
