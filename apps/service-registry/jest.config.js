module.exports = {
  displayName: 'service-registry',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/service-registry',
};
