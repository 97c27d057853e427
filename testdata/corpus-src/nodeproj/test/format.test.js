'use strict';
const test = require('node:test');
const assert = require('node:assert');

function formatCents(c) {
  return (c / 100).toFixed(2);
}

test('formatCents', async (t) => {
  for (let c = 0; c < 300; c += 7) {
    await t.test(`formats ${c}`, () => {
      assert.match(formatCents(c), /^\d+\.\d\d$/);
    });
  }
});
