module.exports = require('../../jest.app')('accounting');
