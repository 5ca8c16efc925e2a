module.exports = require('../../jest.app')('tax-gateway');
