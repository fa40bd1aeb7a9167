/** Where new ids come from: UUID v7 strings (time-ordered). */
export interface Ids {
  next(): string;
}
