'use strict';
// Replays a day of sensor readings through the alert rules, then crashes on
// a reading whose sensor is missing from the registry.
const { setTimeout: sleep } = require('node:timers/promises');

const registry = new Map();
for (let i = 0; i < 40; i++) {
  registry.set(`s-${i}`, { room: `room-${i % 8}`, max: 24 + (i % 5) });
}

function check(reading) {
  const sensor = registry.get(reading.sensor);
  if (reading.value > sensor.max) {
    return `ALERT ${sensor.room}: ${reading.value}°C over ${sensor.max}°C`;
  }
  return null;
}

async function replay(readings) {
  for (const [i, r] of readings.entries()) {
    await sleep(0);
    const alert = check(r);
    console.log(`[replay] ${String(i).padStart(4, '0')} ${r.sensor} ${r.value.toFixed(1)} ${alert ?? 'ok'}`);
  }
}

const readings = [];
for (let i = 0; i < 300; i++) {
  readings.push({ sensor: `s-${(i * 7) % 40}`, value: 18 + ((i * 13) % 120) / 10 });
}
readings.splice(287, 0, { sensor: 's-40', value: 22.5 });

replay(readings).then(() => console.log('[replay] done'));
