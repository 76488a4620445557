export { serializeNormalized } from "./comments.js";
export { normalize } from "./normalize.js";
