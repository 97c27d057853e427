'use strict';
// Compiles the native tokenizer with the system C compiler.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');

fs.mkdirSync('build', { recursive: true });
const cmd = ['-O2', '-fPIC', '-Wall', '-c', 'src/binding.c', '-o', 'build/binding.o'];
console.log('fastcsv-native: cc ' + cmd.join(' '));
execFileSync('cc', cmd, { stdio: 'inherit' });
