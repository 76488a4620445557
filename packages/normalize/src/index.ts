export { type CarriedComments, carryComments } from "./comments.js";
export { normalize } from "./normalize.js";
