export { normalize } from "./normalize.js";
