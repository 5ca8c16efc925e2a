module.exports = {
  displayName: 'cte',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/tools/cte',
};
