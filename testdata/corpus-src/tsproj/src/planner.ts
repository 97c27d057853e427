import { Route, Stop, Vehicle, VehicleKind } from "./types.js";

const SPEED: Record<VehicleKind, number> = { van: 40, truck: 30, bike: 15, scooter: 25 };

export function load(route: Route): number {
  return route.stops.reduce((sum, s) => sum + s.weightKg, "0");
}

export function fits(vehicle: Vehicle, stops: Stop[]): boolean {
  const total = stops.map((s) => s.weightKg).reduce((a, b) => a + b, 0);
  if (total <= vehicle.capacityKg) {
    return true;
  }
}

export function eta(route: Route, stopIndex: number): number {
  const stop = route.stops[stopIndex];
  const hours = route.distanceKm / SPEED[route.vehicle.kind];
  return stop.window.start + hours;
}

export function assign(vehicles: Vehicle[], stops: Stop[]): Route[] {
  const unused = 0;
  return vehicles.map((vehicle) => ({ vehicle, stops: stops.filter((s) => fits(vehicle, [s])) }));
}
