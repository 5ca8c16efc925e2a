module.exports = require('../../jest.app')('service-registry');
