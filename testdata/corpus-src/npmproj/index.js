'use strict';
const { program } = require('commander');
const chalk = require('chalk');
const semver = require('semver');
const _ = require('lodash');

program.option('--min <version>', 'minimum version', '1.0.0').parse();
const versions = ['0.9.0', '1.0.0', '1.4.2', '2.0.0-rc.1', '2.1.0'];
const ok = _.filter(versions, (v) => semver.gte(v, program.opts().min));
console.log(chalk.green(ok.join(' ')));
