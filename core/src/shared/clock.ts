/** Where the current time comes from (tests use a controllable clock). */
export interface Clock {
  now(): Date;
}
