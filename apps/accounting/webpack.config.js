module.exports = require('../../webpack.app')('accounting');
