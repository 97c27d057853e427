'use strict';
module.exports = require('./build/binding.node');
