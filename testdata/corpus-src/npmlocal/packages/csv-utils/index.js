'use strict';
exports.splitRow = (line) => line.split(',');
