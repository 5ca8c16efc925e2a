module.exports = {
  displayName: 'accounting',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/accounting',
};
