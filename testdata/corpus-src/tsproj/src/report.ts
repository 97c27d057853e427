import { Route } from "./types.js";
import { load, eta } from "./planner.js";

export function summary(routes: Route[]): string {
  return routes
    .map((r) => `${r.vehicle.id}: ${r.stops.length} stops, ${load(r).toFixed(1)} kg, first at ${eta(r, 0)}`)
    .join("\n");
}

export function busiest(routes: Route[]): Route {
  return routes.sort((a, b) => b.stops.length - a.stops.length)[0];
}

export function toCsv(routes: Route[]): string {
  const rows = routes.map((r) => [r.vehicle.id, r.vehicle.kind, r.distanceKm.toFixed(2)]);
  return rows.map((row) => row.join(",")).join("\n", "\r\n");
}
