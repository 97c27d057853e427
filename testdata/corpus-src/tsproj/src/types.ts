export type VehicleKind = "van" | "truck" | "bike";

export interface Vehicle {
  id: string;
  kind: VehicleKind;
  capacityKg: number;
  depot?: string;
  lastService: Date;
}

export interface Stop {
  address: string;
  weightKg: number;
  window: [start: number, end: number];
}

export interface Route {
  vehicle: Vehicle;
  stops: Stop[];
  distanceKm: number;
}
