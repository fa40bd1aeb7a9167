/**
 * String.prototype's methods, held once, for code that reads strings from outside on every request (row values,
 * headers, path segments): call them on the text, `charCodeAt.call(text, i)`, rather than `text.charCodeAt(i)`.
 * Such strings come in several representations (read from a row, sliced, concatenated), each a map of its own;
 * looking the method up on each sends the lookup to the engine's generic property load once there are more maps
 * than an inline cache holds (callgrind: 12 k instructions of a hot GET's date reading alone), while a call of the
 * one known function compiles to the operation itself, whatever the string's shape.
 */
export const charCodeAt = String.prototype.charCodeAt;
export const indexOf = String.prototype.indexOf;
export const slice = String.prototype.slice;
