module.exports = require('../../webpack.app')('tax-gateway', [{ input: '../../libs/dte/assets', glob: '**/*', output: 'assets/dte' }]);
