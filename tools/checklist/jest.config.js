module.exports = {
  displayName: 'checklist',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/tools/checklist',
};
