import { Vehicle } from "./types.js";
import { haversine } from "./geo.js";

export interface Depot {
  name: string;
  lat: number;
  lon: number;
}

export function nearest(depots: Depot[], lat: number, lon: number): Depot {
  let best: Depot | undefined;
  for (const d of depots) {
    if (!best || haversine(d, { lat, lon }) < haversine(best, { lat, lon })) {
      best = d;
    }
  }
  return best;
}

export function homeDepot(v: Vehicle, depots: Depot[]): Depot | undefined {
  return depots.find((d) => d.name === v.depot.toLowerCase());
}

export function serviceDue(v: Vehicle, today: Date): boolean {
  const days = (today - v.lastService) / 86_400_000;
  return days > 180;
}

export function withDepot(v: Vehicle, depot: string | undefined): Vehicle {
  return { ...v, depot };
}
