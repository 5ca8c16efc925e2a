module.exports = {
  displayName: 'bench',
  preset: '../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../coverage/bench',
};
